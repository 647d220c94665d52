import { useEffect, useState } from 'react';
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { vocabularyOf } from '../../sdk/asset-vocabulary';
import { formatChinaTime } from '../../sdk/china-time';
import { Textarea } from '../../sdk/components/text-input';
import { useService } from '../../sdk/react/use-service';
import { ALARM_CENTER_MENU_ID, ALARM_LEVELS, ALARM_NOTE_MAX, AlarmService, type AlarmDeskEntry, type AlarmLevel } from '../../sdk/services/alarm-service';
import { GEOCODE_FAILED, GeocodeService } from '../../sdk/services/geocode-service';
import { NETWORK_ERROR_MESSAGE } from '../../sdk/services/http-service';
import { PermissionService } from '../../sdk/services/permission-service';

const LEVEL_COLOR: Record<AlarmLevel, 'danger' | 'warning' | 'informative'> = { urgent: 'danger', normal: 'warning', info: 'informative' };
const LEVEL_BORDER: Record<AlarmLevel, string> = {
  urgent: tokens.colorPaletteRedBorder2,
  normal: tokens.colorPaletteDarkOrangeBorder2,
  info: tokens.colorNeutralStroke1,
};

export function levelName(level: AlarmLevel): string {
  return ALARM_LEVELS.find((l) => l.level === level)?.name ?? level;
}

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '8px 10px',
    background: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    // the column holds up to 100 cards and shows a handful: the others are neither laid out nor
    // painted when an arrival moves them all down (their last size holds their place)
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 120px',
  },
  head: { display: 'flex', alignItems: 'center', gap: '6px', minWidth: 0 },
  name: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '8px', fontSize: '12px' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: '6px' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: '12px' },
  handled: { color: tokens.colorPaletteGreenForeground1, fontSize: '12px' },
});

/** The address of where the alarm happened, once looked up (获取位置失败 when the lookup fails). */
function useDeskPlace(lon: number | null, lat: number | null): string | undefined {
  const geocode = useService(GeocodeService);
  const [place, setPlace] = useState<string>();
  useEffect(() => {
    if (lon == null || lat == null) return;
    let current = true;
    setPlace('正在获取位置…');
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

/**
 * One desk entry: level, name and repeat count, asset, time, place and whom to call, with 处理 (a
 * note kept by the desk until it is submitted or cancelled, whatever arrives meanwhile), 查看
 * (告警中心) and × (off the desk, still unhandled).
 */
export const AlarmDeskCard = observer(function AlarmDeskCard(props: { entry: AlarmDeskEntry }) {
  const s = useStyles();
  const alarms = useService(AlarmService);
  const perms = useService(PermissionService);
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const e = props.entry;
  const place = useDeskPlace(e.lon, e.lat);
  const note = alarms.noteOf(e.key);
  const canProcess = perms.hasMenu(ALARM_CENTER_MENU_ID);
  const count = e.ids.length;

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await alarms.submitHandling(e.key);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : NETWORK_ERROR_MESSAGE);
      setBusy(false);
    }
  };

  return (
    <section
      className={s.card}
      style={{ borderLeft: `3px solid ${LEVEL_BORDER[e.level]}` }}
      role="alert"
      aria-label={`告警 ${e.alarmName} ${e.plateNo}`}
      data-level={e.level}
      data-terminal={e.terminalNo}
    >
      <div className={s.head}>
        <Badge size="small" appearance="filled" color={LEVEL_COLOR[e.level]}>
          {levelName(e.level)}
        </Badge>
        <Text weight="semibold" className={s.name} title={e.alarmName}>
          {e.alarmName}
        </Text>
        {count > 1 && (
          <Badge size="small" appearance="tint" color="danger" aria-label={`合并 ${count} 条`} title={`${formatChinaTime(e.firstTime, 'short')} 起共 ${count} 次`}>
            ×{count}
          </Badge>
        )}
        <Button size="small" appearance="transparent" icon={<DismissRegular />} aria-label="关闭告警" title="移出告警栏（告警仍未处理）" onClick={() => alarms.dismiss(e.key)} />
      </div>
      <div className={s.row}>
        <span>{e.plateNo}</span>
        <span className={s.meta}>
          {e.late && <span title="终端补报：告警发生时未能及时上报">补报 </span>}
          {formatChinaTime(e.time, 'short')}
        </span>
      </div>
      {place && (
        <div className={s.meta} aria-label="告警位置">
          {place}
        </div>
      )}
      {e.phone && (
        <div className={s.row}>
          <span>
            联系电话 <a href={`tel:${e.phone}`}>{e.phone}</a>
          </span>
        </div>
      )}
      {note !== undefined ? (
        e.processedElsewhere ? (
          <>
            <span className={s.handled}>该告警已由他人处理</span>
            <div className={s.actions}>
              <Button size="small" onClick={() => alarms.cancelHandling(e.key)}>
                关闭
              </Button>
            </div>
          </>
        ) : (
          <>
            <Textarea
              aria-label="处理意见"
              placeholder={`处理意见，例如：${vocabularyOf(e.assetKind).handlingExample}${count > 1 ? `（将处理这 ${count} 条）` : ''}`}
              value={note}
              maxLength={ALARM_NOTE_MAX}
              resize="vertical"
              onChange={(_, d) => alarms.setNote(e.key, d.value)}
            />
            {error && <span className={s.error}>{error}</span>}
            <div className={s.actions}>
              <Button size="small" disabled={busy} onClick={() => alarms.cancelHandling(e.key)}>
                取消
              </Button>
              <Button size="small" appearance="primary" disabled={busy} onClick={() => void submit()}>
                确定
              </Button>
            </div>
          </>
        )
      ) : (
        <div className={s.actions}>
          {canProcess && (
            <Button size="small" onClick={() => alarms.startHandling(e.key)}>
              处理
            </Button>
          )}
          <Button size="small" appearance="primary" onClick={() => navigate(`/car/alarm?keyword=${encodeURIComponent(e.terminalNo)}`)}>
            查看
          </Button>
        </div>
      )}
    </section>
  );
});
