import { observer } from 'mobx-react-lite';
import { lazyView } from '../../sdk/react/lazy-view';
import { useService } from '../../sdk/react/use-service';
import { DialogService } from '../../sdk/services/dialog-service';

// loaded when a command is first sent from this page, not with the shell
const CommandDialog = lazyView(() => import('./command/command-dialog'));

/** The instructions dialog (showInstructions): the command dialog for the chosen terminals. */
const InstructionsDialog = observer(function InstructionsDialog() {
  const dialogs = useService(DialogService);
  const state = dialogs.instructions;
  if (!state) return null;
  return <CommandDialog key={state.terminalNos.join(',')} terminalNos={state.terminalNos} title={state.title} onClose={() => dialogs.closeInstructions()} />;
});
export default InstructionsDialog;
