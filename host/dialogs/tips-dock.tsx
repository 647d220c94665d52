import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { observer } from 'mobx-react-lite';
import { useService } from '../../sdk/react/use-service';
import { ALARM_DESK_WIDTH, AlarmService } from '../../sdk/services/alarm-service';
import { AssistantStoreToken } from '../app/host-tokens';
import { MAIN_CONTAINER_ID } from '../layout/main-layout-ids';
import { DownloadTip } from './download-tip';

/** Spec §9: the tips move after 1 s and sit 125px above the bottom of the main container. */
export const TIP_MOVE_DELAY_MS = 1000;
export const TIP_BOTTOM_PX = 125;

/**
 * Holds the download tip: in the main container without the assistant (beside the alarm desk, never
 * over it), inside the assistant's wrapper once it is ready (each move after 1 s). Live alarms flow
 * to the alarm desk while it is mounted (a logged-in user).
 */
export const TipsDock = observer(function TipsDock() {
  const assistant = useService(AssistantStoreToken);
  const alarms = useService(AlarmService);
  useEffect(() => alarms.start(), [alarms]);
  const [target, setTarget] = useState<{ el: HTMLElement; inAssistant: boolean }>();
  const ready = assistant.ready;
  useEffect(() => {
    const t = setTimeout(() => {
      if (ready && assistant.wrapper) setTarget({ el: assistant.wrapper, inAssistant: true });
      else setTarget({ el: document.getElementById(MAIN_CONTAINER_ID) ?? document.body, inAssistant: false });
    }, TIP_MOVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [ready, assistant]);
  if (!target) return null;
  const style = target.inAssistant
    ? { display: 'flex', flexDirection: 'column' as const, gap: 8, marginBottom: 8 }
    : { position: 'fixed' as const, right: 24 + (alarms.deskOpen ? ALARM_DESK_WIDTH : 0), bottom: TIP_BOTTOM_PX, zIndex: 1200, display: 'flex', flexDirection: 'column' as const, gap: 8 };
  return createPortal(
    <div data-testid="tips-dock" data-dock={target.inAssistant ? 'assistant' : 'main'} style={style}>
      <DownloadTip />
    </div>,
    target.el,
  );
});
