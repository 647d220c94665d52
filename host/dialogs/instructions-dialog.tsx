import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { useService } from '../../sdk/react/use-service';
import { DialogService } from '../../sdk/services/dialog-service';

// loaded when a command is first sent from this page, not with the shell
const CommandDialog = lazy(() => import('./command/command-dialog'));

/** The instructions dialog (showInstructions): the command dialog for the chosen terminals. */
const InstructionsDialog = observer(function InstructionsDialog() {
  const dialogs = useService(DialogService);
  const state = dialogs.instructions;
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <CommandDialog key={state.terminalNos.join(',')} terminalNos={state.terminalNos} title={state.title} onClose={() => dialogs.closeInstructions()} />
    </Suspense>
  );
});
export default InstructionsDialog;
