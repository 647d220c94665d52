import { useEffect, useRef, useState } from 'react';
import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AlertRegular, DismissRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import {
  ALARM_CENTER_MENU_ID,
  ALARM_NOTE_MAX,
  AlarmService,
  DialogService,
  GEOCODE_FAILED,
  GeocodeService,
  NETWORK_ERROR_MESSAGE,
  PermissionService,
  Textarea,
  useService,
  type AlarmTipItem,
} from '@tianlu/sdk';
import { ShellStoreToken } from '../app/host-tokens';
import type { ShellStore } from '../app/shell-store';
import { playAlarmBeep, unlockAlarmAudioOnGesture } from './alarm-beep';

/** The tip shows this many alarms; the rest are counted. */
const SHOWN = 3;

const useStyles = makeStyles({
  card: { width: '300px', borderLeft: `3px solid ${tokens.colorPaletteRedBorder2}` },
  head: { display: 'flex', alignItems: 'center', gap: '6px', color: tokens.colorPaletteRedForeground1 },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '8px', fontSize: '12px' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: '6px' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: '12px' },
  more: { alignSelf: 'flex-end', color: tokens.colorNeutralForeground3, fontSize: '12px' },
});

/** `2026-01-01T08:00:00+08:00` → 01-01 08:00:00 (local time). */
export function tipTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The address of where the alarm happened, once looked up (its coordinates meanwhile, 获取位置失败 when the lookup fails). */
function useTipPlace(lon: number | null | undefined, lat: number | null | undefined): string | undefined {
  const geocode = useService<GeocodeService>(GeocodeService);
  const [place, setPlace] = useState<string>();
  useEffect(() => {
    if (lon == null || lat == null) return;
    let current = true;
    setPlace(`${lon.toFixed(5)}, ${lat.toFixed(5)}`);
    geocode.getAddress(lon, lat).then(
      (address) => current && setPlace(address || GEOCODE_FAILED),
      () => current && setPlace(GEOCODE_FAILED),
    );
    return () => {
      current = false;
    };
  }, [geocode, lon, lat]);
  return place;
}

const AlarmTipCard = observer(function AlarmTipCard(props: { item: AlarmTipItem }) {
  const s = useStyles();
  const dialogs = useService<DialogService>(DialogService);
  const alarms = useService<AlarmService>(AlarmService);
  const perms = useService<PermissionService>(PermissionService);
  const navigate = useNavigate();
  const [note, setNote] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const a = props.item;
  const place = useTipPlace(a.lon, a.lat);
  const live = typeof a.id === 'number' && !!a.terminalNo;
  const canProcess = live && perms.hasMenu(ALARM_CENTER_MENU_ID);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await alarms.process([a.id as number], note ?? '');
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={s.card} size="small" role="alert" aria-label={`告警 ${a.alarmType} ${a.plateNo}`}>
      <div className={s.row}>
        <span className={s.head}>
          <AlertRegular /> <Text weight="semibold">{a.alarmType}</Text>
        </span>
        <Button size="small" appearance="transparent" icon={<DismissRegular />} aria-label="关闭告警" onClick={() => dialogs.dismissAlarm(a.id)} />
      </div>
      <div className={s.row}>
        <span>{a.plateNo}</span>
        <span className={s.meta}>
          {a.late && <span title="终端补报：告警发生时未能及时上报">补报 </span>}
          {tipTime(a.time)}
        </span>
      </div>
      {place && <div className={s.meta} aria-label="告警位置">{place}</div>}
      {a.phone && (
        <div className={s.row}>
          <span>
            联系电话 <a href={`tel:${a.phone}`}>{a.phone}</a>
          </span>
        </div>
      )}
      {note !== undefined ? (
        <>
          <Textarea
            aria-label="处理意见"
            placeholder="处理意见"
            value={note}
            maxLength={ALARM_NOTE_MAX}
            resize="vertical"
            onChange={(_, d) => setNote(d.value)}
          />
          {error && <span className={s.error}>{error}</span>}
          <div className={s.actions}>
            <Button size="small" disabled={busy} onClick={() => setNote(undefined)}>
              取消
            </Button>
            <Button size="small" appearance="primary" disabled={busy} onClick={() => void submit()}>
              确定
            </Button>
          </div>
        </>
      ) : (
        live && (
          <div className={s.actions}>
            {canProcess && (
              <Button size="small" onClick={() => setNote('')}>
                处理
              </Button>
            )}
            <Button size="small" appearance="primary" onClick={() => navigate(`/car/alarm?keyword=${encodeURIComponent(a.terminalNo!)}`)}>
              查看
            </Button>
          </div>
        )
      )}
    </Card>
  );
});

/**
 * The newest real-time alarms (three shown, the rest counted), each with 处理 (a note, then
 * processAlarm), 查看 (告警中心) and ×. A new alarm beeps when the tenant's push settings and the
 * user's alarm voice are both on.
 */
export const AlarmTip = observer(function AlarmTip() {
  const s = useStyles();
  const dialogs = useService<DialogService>(DialogService);
  const alarms = useService<AlarmService>(AlarmService);
  const shell = useService<ShellStore>(ShellStoreToken);
  const serial = alarms.soundSerial;
  const heard = useRef(serial);
  useEffect(() => unlockAlarmAudioOnGesture(), []);
  useEffect(() => {
    if (serial !== heard.current && shell.alarmVoiceOn) playAlarmBeep();
    heard.current = serial;
  }, [serial, shell]);
  const rest = dialogs.alarmTip.length - SHOWN;
  return (
    <>
      {dialogs.alarmTip.slice(0, SHOWN).map((a) => (
        <AlarmTipCard key={a.id} item={a} />
      ))}
      {rest > 0 && <span className={s.more}>还有 {rest} 条告警</span>}
    </>
  );
});
