import { makeStyles, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useService } from '../../sdk/react/use-service';
import { ToastService } from '../../sdk/services/toast-service';

const useStyles = makeStyles({
  host: { position: 'fixed', top: '16px', left: '50%', transform: 'translateX(-50%)', zIndex: 2000, minWidth: '280px', maxWidth: '520px' },
});

/** The one toast of ToastService.current (a new one replaces the previous). */
const ToastHost = observer(function ToastHost() {
  const s = useStyles();
  const toast = useService(ToastService);
  const t = toast.current;
  if (!t) return null;
  return (
    <div className={s.host} role="status" aria-live="polite" onClick={() => toast.dismiss()}>
      <MessageBar key={t.id} intent={t.intent} shape="rounded">
        <MessageBarBody>{t.text}</MessageBarBody>
      </MessageBar>
    </div>
  );
});
export default ToastHost;
