import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Tag, TagGroup } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { DialogService, useService } from '@tianlu/sdk';

/** The instructions (command) dialog: which terminals, and the way to the command page. */
const InstructionsDialog = observer(function InstructionsDialog() {
  const dialogs = useService<DialogService>(DialogService);
  const navigate = useNavigate();
  const state = dialogs.instructions;
  if (!state) return null;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && dialogs.closeInstructions()}>
      <DialogSurface style={{ maxWidth: 480 }}>
        <DialogBody>
          <DialogTitle>{state.title ?? '指令下发'}</DialogTitle>
          <DialogContent>
            <p>已选择 {state.terminalNos.length} 个终端：</p>
            <TagGroup aria-label="终端">
              {state.terminalNos.map((t) => (
                <Tag key={t} size="small">
                  {t}
                </Tag>
              ))}
            </TagGroup>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => dialogs.closeInstructions()}>关闭</Button>
            <Button
              appearance="primary"
              onClick={() => {
                dialogs.closeInstructions();
                navigate(`/car/command?terminalNos=${encodeURIComponent(state.terminalNos.join(','))}`);
              }}
            >
              前往指令下发
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
export default InstructionsDialog;
