import { useEffect, useRef } from 'react';
import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AlertRegular, DismissRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { DialogService, useService } from '@tianlu/sdk';
import { ShellStoreToken } from '../app/host-tokens';
import type { ShellStore } from '../app/shell-store';

const useStyles = makeStyles({
  card: { width: '280px', borderLeft: `3px solid ${tokens.colorPaletteRedBorder2}` },
  head: { display: 'flex', alignItems: 'center', gap: '6px', color: tokens.colorPaletteRedForeground1 },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontSize: '12px' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
});

/** A short beep for a new alarm when the alarm voice is on. */
function beep(): void {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    osc.frequency.value = 880;
    osc.connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.2);
    osc.onended = () => void ctx.close();
  } catch {
    /* audio is a nicety */
  }
}

/** The newest real-time alarms (at most three), each with 查看 and ×. */
export const AlarmTip = observer(function AlarmTip() {
  const s = useStyles();
  const dialogs = useService<DialogService>(DialogService);
  const shell = useService<ShellStore>(ShellStoreToken);
  const newest = dialogs.alarmTip[0]?.id;
  const seen = useRef(newest);
  useEffect(() => {
    if (newest !== undefined && newest !== seen.current && shell.alarmVoiceOn) beep();
    seen.current = newest;
  }, [newest, shell]);
  return (
    <>
      {dialogs.alarmTip.slice(0, 3).map((a) => (
        <Card key={a.id} className={s.card} size="small" role="alert">
          <div className={s.row}>
            <span className={s.head}>
              <AlertRegular /> <Text weight="semibold">{a.alarmType}</Text>
            </span>
            <Button size="small" appearance="transparent" icon={<DismissRegular />} aria-label="关闭告警" onClick={() => dialogs.dismissAlarm(a.id)} />
          </div>
          <div className={s.row}>
            <span>{a.plateNo}</span>
            <span className={s.meta}>{a.time}</span>
          </div>
        </Card>
      ))}
    </>
  );
});
