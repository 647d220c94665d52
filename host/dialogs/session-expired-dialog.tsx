import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useService } from '../../sdk/react/use-service';
import { DialogService } from '../../sdk/services/dialog-service';

/** Shown when a call answers 4010: 关闭 dismisses, 重新登录 goes to /login. */
const SessionExpiredDialog = observer(function SessionExpiredDialog() {
  const dialogs = useService(DialogService);
  const navigate = useNavigate();
  return (
    <Dialog open={dialogs.sessionExpired} modalType="alert" onOpenChange={(_, d) => !d.open && dialogs.closeSessionExpired()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>会话过期</DialogTitle>
          <DialogContent>当前会话已过期，请重新登录</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={() => dialogs.closeSessionExpired()}>
              关闭
            </Button>
            <Button
              appearance="primary"
              onClick={() => {
                dialogs.closeSessionExpired();
                navigate('/login', { replace: true });
              }}
            >
              重新登录
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
export default SessionExpiredDialog;
