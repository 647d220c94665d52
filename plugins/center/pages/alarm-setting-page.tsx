import { makeStyles, Select, Switch, Text, tokens } from '@fluentui/react-components';
import {
  ALARM_LEVELS,
  AlarmApi,
  type AlarmControlItem,
  type AlarmLevel,
  type AlarmSource,
  expectOk,
  HttpService,
  Input,
  PageSection,
  useService,
} from '@tianlu/sdk';
import { LoadState, SettingsActions, useSettingsForm } from '../components/settings-form';
import { checkControlRows, controlBody, thresholdRule, toRows, type ControlRow } from '../alarm/alarm-control-form';
import { readAlarmControls } from '../alarm/alarm-queries';

const SOURCES: { source: AlarmSource; title: string }[] = [
  { source: 'terminal', title: '终端告警' },
  { source: 'platform', title: '平台告警' },
];

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '4px' },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
  th: { textAlign: 'left', padding: '8px 12px', background: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
  td: { padding: '6px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, verticalAlign: 'top' },
  thresholds: { display: 'flex', flexWrap: 'wrap', gap: '8px 16px' },
  threshold: { display: 'flex', flexDirection: 'column', gap: '2px' },
  input: { width: '120px' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
});

const levelName = (level: AlarmLevel | undefined) => ALARM_LEVELS.find((l) => l.level === level)?.name ?? '';

/** 告警设置: which alarm types the tenant watches, by source, how urgent each is (级别), and the thresholds of platform rules. */
export default function AlarmSettingPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const settings = useSettingsForm<AlarmControlItem[], ControlRow[]>({
    load: () => readAlarmControls(http),
    toForm: toRows,
    check: checkControlRows,
    save: async (rows) => expectOk(await http.call(AlarmApi.controlSave, controlBody(rows))),
  });
  const { form: rows, errors } = settings;

  const update = (alarmType: string, patch: (row: ControlRow) => ControlRow) => settings.setForm((list) => list.map((r) => (r.alarmType === alarmType ? patch(r) : r)));

  return (
    <PageSection title="告警设置">
      <LoadState error={settings.serverError} loading={!rows} />
      {rows &&
        SOURCES.map(({ source, title }) => (
          <section key={source} className={s.section} aria-label={title}>
            <Text as="h3" weight="semibold" size={400}>
              {title}
            </Text>
            <table className={s.table}>
              <thead>
                <tr>
                  <th className={s.th} style={{ width: 220 }}>
                    告警类型
                  </th>
                  <th className={s.th} style={{ width: 100 }}>
                    启用
                  </th>
                  <th className={s.th} style={{ width: 150 }}>
                    级别
                  </th>
                  <th className={s.th}>阈值</th>
                </tr>
              </thead>
              <tbody>
                {rows
                  .filter((r) => r.source === source)
                  .map((r) => (
                    <tr key={r.alarmType} data-alarm-type={r.alarmType}>
                      <td className={s.td}>{r.alarmName}</td>
                      <td className={s.td}>
                        <Switch aria-label={`启用${r.alarmName}`} checked={r.enabled} onChange={(_, d) => update(r.alarmType, (x) => ({ ...x, enabled: d.checked }))} />
                      </td>
                      <td className={s.td}>
                        {r.level ? (
                          <Select
                            aria-label={`${r.alarmName}级别`}
                            value={r.level}
                            onChange={(_, d) => update(r.alarmType, (x) => ({ ...x, level: d.value as AlarmLevel }))}
                          >
                            {ALARM_LEVELS.map((l) => (
                              <option key={l.level} value={l.level}>
                                {l.level === r.defaultLevel ? `${l.name}（默认）` : l.name}
                              </option>
                            ))}
                          </Select>
                        ) : (
                          <span className={s.muted}>{levelName(r.defaultLevel) || '—'}</span>
                        )}
                      </td>
                      <td className={s.td}>
                        {Object.keys(r.thresholds).length === 0 ? (
                          <span className={s.muted}>—</span>
                        ) : (
                          <div className={s.thresholds}>
                            {Object.entries(r.thresholds).map(([key, value]) => {
                              const rule = thresholdRule(r.alarmType, key);
                              const error = errors[`${r.alarmType}.${key}`];
                              return (
                                <label key={key} className={s.threshold}>
                                  <span>
                                    {rule.title}
                                    {rule.unit && `（${rule.unit}）`}
                                  </span>
                                  <Input maxLength={10}
                                    className={s.input}
                                    aria-label={`${r.alarmName}${rule.title}`}
                                    aria-invalid={!!error}
                                    inputMode="numeric"
                                    value={value}
                                    onChange={(_, d) => update(r.alarmType, (x) => ({ ...x, thresholds: { ...x.thresholds, [key]: d.value } }))}
                                  />
                                  {error && <span className={s.error}>{error}</span>}
                                </label>
                              );
                            })}
                          </div>
                        )}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </section>
        ))}
      {rows && <SettingsActions form={settings} />}
    </PageSection>
  );
}
