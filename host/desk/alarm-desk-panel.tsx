import { memo } from 'react';
import { Button, Checkbox, makeStyles, Popover, PopoverSurface, PopoverTrigger, Switch, Text, tokens } from '@fluentui/react-components';
import { ChevronDoubleRightRegular, SettingsRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { ASSET_KIND_DEFINITIONS } from '../../sdk/asset-kinds';
import { useService } from '../../sdk/react/use-service';
import { ALARM_DESK_WIDTH, ALARM_LEVELS, AlarmService, type AlarmDeskPrefs, type AlarmLevel } from '../../sdk/services/alarm-service';
import { PluginRegistry } from '../../sdk/services/plugin-registry';
import { AlarmDeskCard } from './alarm-desk-card';
import { deskScope, inScope, type DeskScope } from './desk-scope';
import { useDrawnDesk } from './drawn-desk';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    width: `${ALARM_DESK_WIDTH}px`,
    flexShrink: 0,
    minHeight: 0,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    background: tokens.colorNeutralBackground2,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    padding: '6px 8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    background: tokens.colorNeutralBackground1,
  },
  title: { flex: 1 },
  scope: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '2px 8px', fontSize: '12px', background: tokens.colorNeutralBackground1 },
  list: { flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '8px', padding: '8px' },
  section: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
  empty: { color: tokens.colorNeutralForeground3, fontSize: '13px', textAlign: 'center', padding: '24px 0' },
  note: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
  prefs: { borderCollapse: 'collapse', fontSize: '13px', '& th, & td': { padding: '2px 6px', textAlign: 'center' } },
});

type PrefLevels = 'pop' | 'sound' | 'speak';
const PREF_COLUMNS: { key: PrefLevels; label: string }[] = [
  { key: 'pop', label: '弹出' },
  { key: 'sound', label: '声音' },
  { key: 'speak', label: '语音播报' },
];

/** Per level: which arrivals open the desk, beep and are read aloud. */
const DeskPrefs = observer(function DeskPrefs() {
  const s = useStyles();
  const alarms = useService(AlarmService);
  const toggle = (key: PrefLevels, level: AlarmLevel, on: boolean) => {
    const now = alarms.prefs[key];
    alarms.setPrefs({ [key]: on ? [...now, level] : now.filter((l) => l !== level) } as Partial<AlarmDeskPrefs>);
  };
  return (
    <table className={s.prefs} aria-label="告警提醒方式">
      <thead>
        <tr>
          <th>级别</th>
          {PREF_COLUMNS.map((c) => (
            <th key={c.key}>{c.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ALARM_LEVELS.map(({ level, name }) => (
          <tr key={level}>
            <td>{name}</td>
            {PREF_COLUMNS.map((c) => (
              <td key={c.key}>
                <Checkbox
                  aria-label={`${name}告警${c.label}`}
                  checked={alarms.prefs[c.key].includes(level)}
                  onChange={(_, d) => toggle(c.key, level, d.checked === true)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/** The settings button: kept out of the column's redraws, which an alarm storm makes frequent. */
const DeskPrefsButton = memo(function DeskPrefsButton() {
  return (
    <Popover positioning="below-end" withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button size="small" appearance="subtle" icon={<SettingsRegular />} aria-label="告警提醒设置" title="告警提醒设置" />
      </PopoverTrigger>
      <PopoverSurface>
        <DeskPrefs />
      </PopoverSurface>
    </Popover>
  );
});

/** The scope of the sub-application the user is in (its asset kinds, the user's choice). */
export function useDeskScope(systemId: string): DeskScope {
  const alarms = useService(AlarmService);
  const registry = useService(PluginRegistry);
  return deskScope(alarms.prefs, systemId, registry.plugins.get(systemId)?.assetKinds);
}

/**
 * The alarm desk: a column of its own beside the page (the page narrows, nothing is covered), the
 * entries being handled on top where nothing pushes them away, then the rest by level and time.
 */
export const AlarmDeskPanel = observer(function AlarmDeskPanel(props: { systemId: string }) {
  const s = useStyles();
  const alarms = useService(AlarmService);
  const navigate = useNavigate();
  const scope = useDeskScope(props.systemId);
  const { open, desk, handling, overflow } = useDrawnDesk();
  if (!open) return null;
  const handlingKeys = new Set(handling.map((e) => e.key));
  const visible = desk.filter((e) => inScope(scope, e));
  const rest = visible.filter((e) => !handlingKeys.has(e.key));
  const hidden = desk.length - visible.length;
  const kindNames = scope.kinds?.map((k) => ASSET_KIND_DEFINITIONS[k].noun).join('、');

  return (
    <aside className={s.panel} aria-label="告警栏" data-testid="alarm-desk">
      <div className={s.head}>
        <Text weight="semibold" className={s.title}>
          实时告警 {visible.length}
        </Text>
        <DeskPrefsButton />
        <Button size="small" appearance="subtle" icon={<ChevronDoubleRightRegular />} aria-label="收起告警栏" title="收起告警栏" onClick={() => alarms.setDeskOpen(false)} />
      </div>
      {scope.kinds && (
        <div className={s.scope}>
          <Switch
            label={`只看${kindNames}告警`}
            checked={scope.ownOnly}
            onChange={(_, d) => alarms.setPrefs({ ownKindsOnly: { ...alarms.prefs.ownKindsOnly, [props.systemId]: d.checked } })}
          />
          {hidden > 0 && <span className={s.note}>另有 {hidden} 条</span>}
        </div>
      )}
      <div className={s.list}>
        {handling.length > 0 && <span className={s.section}>正在处理</span>}
        {handling.map((e) => (
          <AlarmDeskCard key={e.key} entry={e} />
        ))}
        {handling.length > 0 && rest.length > 0 && <span className={s.section}>待处理</span>}
        {rest.map((e) => (
          <AlarmDeskCard key={e.key} entry={e} />
        ))}
        {!visible.length && <div className={s.empty}>暂无未处理的告警</div>}
        {overflow > 0 && (
          <span className={s.note}>
            另有 {overflow} 条较早的告警已移出告警栏，
            <Button size="small" appearance="transparent" onClick={() => navigate('/car/alarm')}>
              到告警中心查看
            </Button>
          </span>
        )}
      </div>
    </aside>
  );
});
