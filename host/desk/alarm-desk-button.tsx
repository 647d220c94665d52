import { useEffect, useRef, useState } from 'react';
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular, AlertUrgentRegular, Speaker2Regular } from '@fluentui/react-icons';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useService } from '../../sdk/react/use-service';
import { AlarmService, type AlarmArrival } from '../../sdk/services/alarm-service';
import { ShellStoreToken } from '../app/host-tokens';
import { audioGate, enableAlarmAudio, playAlarmBeep, probeAlarmAudio, unlockAlarmAudioOnGesture } from './alarm-beep';
import { levelName } from './alarm-desk-card';
import { useDeskScope } from './alarm-desk-panel';
import { speakAlarm } from './alarm-speech';
import { inScope, type DeskScope } from './desk-scope';
import { useDrawnDesk } from './drawn-desk';

/** How long the button flashes after an alarm that pops. */
export const FLASH_MS = 4000;
/** Beeps closer together than this are one beep (a storm is not a siren). */
export const BEEP_GAP_MS = 1500;

const useStyles = makeStyles({
  wrap: { display: 'flex', alignItems: 'center', gap: '4px' },
  // a red layer behind the label fading in and out: only its opacity changes, which the compositor
  // animates without repainting the page every frame (an alarm storm keeps it going for minutes)
  flash: {
    position: 'relative',
    isolation: 'isolate',
    '::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      zIndex: -1,
      borderRadius: 'inherit',
      pointerEvents: 'none',
      backgroundColor: tokens.colorPaletteRedBackground3,
      opacity: 0,
      animationName: { '0%': { opacity: 0.9 }, '100%': { opacity: 0 } },
      animationDuration: '0.8s',
      animationIterationCount: 'infinite',
    },
  },
  urgent: { color: tokens.colorPaletteRedForeground1 },
});

/** The last arrival each desk acted on: a header mounted again (another page) does not act twice. */
const heard = new WeakMap<AlarmService, number>();

/**
 * Beeps, speaks and pops for arrivals the user wants (per level, within the sub-application's
 * scope); returns whether the button flashes: until FLASH_MS after the last popping arrival.
 */
function useArrivals(scope: DeskScope): boolean {
  const alarms = useService(AlarmService);
  const shell = useService(ShellStoreToken);
  const [flashing, setFlashing] = useState(false);
  const scopeNow = useRef(scope);
  scopeNow.current = scope;
  useEffect(() => {
    let lastBeep = 0;
    let flashEnd: ReturnType<typeof setTimeout> | undefined;
    const stop = reaction(
      () => alarms.arrival,
      (arrival: AlarmArrival | undefined) => {
        if (!arrival || arrival.serial <= (heard.get(alarms) ?? 0)) return;
        heard.set(alarms, arrival.serial);
        if (!inScope(scopeNow.current, arrival.entry)) return;
        const { entry, repeat } = arrival;
        const prefs = alarms.prefs;
        if (prefs.pop.includes(entry.level) && !repeat) {
          alarms.setDeskOpen(true);
          // a flash under way goes on: one more pop only puts its end off
          setFlashing(true);
          clearTimeout(flashEnd);
          flashEnd = setTimeout(() => setFlashing(false), FLASH_MS);
        }
        if (!shell.alarmVoiceOn) return;
        const now = Date.now();
        if (prefs.sound.includes(entry.level) && alarms.push?.sound !== false && now - lastBeep > BEEP_GAP_MS) {
          // a beep skipped while the browser holds sound back does not hold back the next one
          if (playAlarmBeep()) lastBeep = now;
        }
        if (prefs.speak.includes(entry.level) && !repeat) speakAlarm(`${levelName(entry.level)}告警，${entry.plateNo}，${entry.alarmName}`);
      },
      // an arrival made before this header mounted (at login, or while the page changed) counts too
      { fireImmediately: true },
    );
    return () => {
      stop();
      clearTimeout(flashEnd);
    };
  }, [alarms, shell]);
  return flashing;
}

/**
 * The header's way to the alarm desk: a count of the unhandled alarms in scope (red while one is
 * 紧急), flashing when an alarm pops; and, once after login, a request for sound when the browser
 * holds it back.
 */
export const AlarmDeskButton = observer(function AlarmDeskButton(props: { systemId: string }) {
  const s = useStyles();
  const alarms = useService(AlarmService);
  const shell = useService(ShellStoreToken);
  const scope = useDeskScope(props.systemId);
  const flashing = useArrivals(scope);
  const [askDismissed, setAskDismissed] = useState(false);
  useEffect(() => {
    probeAlarmAudio();
    return unlockAlarmAudioOnGesture();
  }, []);

  const drawn = useDrawnDesk();
  const visible = drawn.desk.filter((e) => inScope(scope, e));
  const urgent = visible.some((e) => e.level === 'urgent');
  const open = drawn.open;
  return (
    <span className={s.wrap}>
      {audioGate.locked && shell.alarmVoiceOn && !askDismissed && (
        <Button
          size="small"
          appearance="primary"
          icon={<Speaker2Regular />}
          title="浏览器在您点击页面前不会播放声音"
          onClick={() => {
            setAskDismissed(true);
            void enableAlarmAudio();
          }}
        >
          开启告警声音
        </Button>
      )}
      <Button
        appearance="subtle"
        className={flashing ? s.flash : undefined}
        aria-label={`告警栏，${visible.length} 条未处理`}
        aria-expanded={open}
        title={open ? '收起告警栏' : '打开告警栏'}
        icon={urgent ? <AlertUrgentRegular className={s.urgent} /> : <AlertRegular />}
        onClick={() => alarms.setDeskOpen(!open)}
      >
        告警
        {visible.length > 0 && <CounterBadge count={visible.length} overflowCount={99} size="small" color={urgent ? 'danger' : 'informative'} style={{ marginLeft: 4 }} />}
      </Button>
    </span>
  );
});

