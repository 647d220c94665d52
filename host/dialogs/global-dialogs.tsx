import { lazyView } from '../../sdk/react/lazy-view';
import { useService } from '../../sdk/react/use-service';
import { ConfigService } from '../../sdk/services/config-service';
import { SessionService } from '../../sdk/services/session-service';
import { observer } from 'mobx-react-lite';
import ImageViewer from './image-viewer';
import InstructionsDialog from './instructions-dialog';
import { TipsDock } from './tips-dock';
import VehicleInfoDialog from './vehicle-info-dialog';

const AssistantWidget = lazyView(() => import('../assistant/assistant-widget'));

/** The dialogs and widgets of a logged-in user, mounted once. */
const GlobalDialogs = observer(function GlobalDialogs() {
  const config = useService(ConfigService);
  const session = useService(SessionService);
  const { aiUrl, aiScriptUrl } = config.config;
  return (
    <>
      <VehicleInfoDialog />
      <ImageViewer />
      <InstructionsDialog />
      <TipsDock />
      {aiUrl && aiScriptUrl && <AssistantWidget aiUrl={aiUrl} aiScriptUrl={aiScriptUrl} chatLogo={session.user?.chatLogo} />}
    </>
  );
});
export default GlobalDialogs;
