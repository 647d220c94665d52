import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { ListWords } from '../../../sdk/asset-vocabulary';
import { Input, Textarea } from '../../../sdk/components/text-input';
import { useService } from '../../../sdk/react/use-service';
import { describeCommandResult, type Command, type CommandPreview } from '../../../sdk/services/command-api';
import { HttpService } from '../../../sdk/services/http-service';
import { LiveService } from '../../../sdk/services/live-service';
import { CommandDialogStore, type CommandTargetRow } from './command-dialog-store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
  types: { flexWrap: 'wrap', rowGap: '4px', '& label': { whiteSpace: 'nowrap' } },
  list: { maxHeight: '240px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200 },
  th: { textAlign: 'left', padding: '6px 8px', position: 'sticky', top: 0, background: tokens.colorNeutralBackground3, fontWeight: 600 },
  td: { padding: '6px 8px', borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  muted: { color: tokens.colorNeutralForeground3 },
  summary: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  preview: {
    display: 'flex', flexDirection: 'column', gap: '4px', padding: '8px 12px', fontSize: tokens.fontSizeBase300,
    background: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium,
  },
  previewTitle: { fontWeight: 600 },
  raw: { display: 'block', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3 },
});

const STATUS_COLORS: Record<number, 'informative' | 'brand' | 'success' | 'danger' | 'warning'> = {
  0: 'informative', 1: 'brand', 2: 'success', 3: 'danger', 4: 'warning',
};

/** Why terminals are skipped; `moving` is said as the assets' kind says it (行驶中, 骑行中 …). */
const skipNames = (moving: string) => ({ unsupported: '型号不支持', offline: '离线', moving: `${moving}中`, noPermission: '无权限' });

/** The preview's figures in sentences: who gets it, who moves, who is skipped and why; moving and speed as the assets' kind says them. */
function previewLines(p: CommandPreview, words: Pick<ListWords, 'moving' | 'speed'>): string[] {
  const { moving } = words;
  const skipped = Object.entries(p.skipped).filter(([, n]) => n > 0);
  const total = skipped.reduce((sum, [, n]) => sum + n, 0);
  const names = skipNames(moving);
  return [
    `将向 ${p.receivers} 个终端下发${p.action ?? p.commandName}（共 ${p.total} 个${p.queued > 0 ? `，其中 ${p.queued} 个离线，上线后下发` : ''}）`,
    `${moving}中 ${p.moving} 个（${words.speed}超过 ${p.movingKmh} km/h）`,
    ...(total > 0 ? [`跳过 ${total} 个：${skipped.map(([code, n]) => `${names[code as keyof typeof names]} ${n} 个`).join('，')}`] : []),
  ];
}

/** The form of a contributed command type, field by field from its declared parameters. */
const ContributedParams = observer(function ContributedParams(props: { store: CommandDialogStore }) {
  const s = useStyles();
  const { store } = props;
  const params = store.contributedParams ?? [];
  if (params.length === 0) return null;
  return (
    <div className={s.row}>
      {params.map((p) => {
        // a number's range under it; a text's length is counted in the field itself
        const hint = p.kind === 'number' && (p.min !== undefined || p.max !== undefined) ? `${p.min ?? '不限'}–${p.max ?? '不限'}` : undefined;
        return (
          <Field key={p.key} label={p.unit ? `${p.title}（${p.unit}）` : p.title} required={p.required} hint={hint}>
            <Input
              type={p.kind === 'number' ? 'number' : 'text'}
              value={store.contributedValue(p.key)}
              disabled={store.sent}
              {...(p.maxLength !== undefined && { maxLength: p.maxLength })}
              onChange={(_, d) => store.setContributed(p.key, d.value)}
            />
          </Field>
        );
      })}
    </div>
  );
});

const Params = observer(function Params(props: { store: CommandDialogStore }) {
  const s = useStyles();
  const { store } = props;
  const f = store.form;
  const disabled = store.sent;
  if (store.contributedParams) return <ContributedParams store={store} />;
  switch (store.commandType) {
    case 'interval':
      return (
        <div className={s.row}>
          <Field label="上报间隔（秒）" required>
            <Input type="number" value={f.seconds} disabled={disabled} onChange={(_, d) => store.setForm({ seconds: d.value })} />
          </Field>
          <Field label="休眠上报间隔（秒，可不填）">
            <Input type="number" value={f.sleepSeconds} disabled={disabled} onChange={(_, d) => store.setForm({ sleepSeconds: d.value })} />
          </Field>
        </div>
      );
    case 'text':
      return (
        <Field label="文本内容" required hint="终端屏幕显示并语音播报，最多 200 字">
          <Textarea value={f.text} disabled={disabled} maxLength={200} onChange={(_, d) => store.setForm({ text: d.value })} />
        </Field>
      );
    case 'track':
      return (
        <div className={s.row}>
          <Field label="跟踪间隔（秒）" required>
            <Input type="number" value={f.intervalSeconds} disabled={disabled} onChange={(_, d) => store.setForm({ intervalSeconds: d.value })} />
          </Field>
          <Field label="跟踪时长（秒）" required>
            <Input type="number" value={f.durationSeconds} disabled={disabled} onChange={(_, d) => store.setForm({ durationSeconds: d.value })} />
          </Field>
        </div>
      );
    case 'control':
      return (
        <Field label="控制类型">
          <RadioGroup layout="horizontal" value={f.controlAction} disabled={disabled} onChange={(_, d) => store.setForm({ controlAction: d.value as 'restart' | 'factoryReset' })}>
            <Radio value="restart" label="重启终端" />
            <Radio value="factoryReset" label="恢复出厂设置" />
          </RadioGroup>
        </Field>
      );
    case 'oilPower':
      return (
        <>
          <Field label="操作">
            <RadioGroup layout="horizontal" value={f.oilAction} disabled={disabled} onChange={(_, d) => store.setForm({ oilAction: d.value as 'cut' | 'restore' })}>
              <Radio value="cut" label={store.actionName('oilPower', 'cut', '断开油电')} />
              <Radio value="restore" label={store.actionName('oilPower', 'restore', '恢复油电')} />
            </RadioGroup>
          </Field>
          {f.oilAction === 'cut' && (
            <Checkbox
              label={`${store.words.moving}中也执行（默认${store.words.speed}超过 5 km/h 时不断电）`}
              checked={f.oilForce}
              disabled={disabled}
              onChange={(_, d) => store.setForm({ oilForce: Boolean(d.checked) })}
            />
          )}
        </>
      );
    case 'fortify':
      return (
        <Field label="操作">
          <RadioGroup layout="horizontal" value={f.fortifyAction} disabled={disabled} onChange={(_, d) => store.setForm({ fortifyAction: d.value as 'arm' | 'disarm' })}>
            <Radio value="arm" label="设防" />
            <Radio value="disarm" label="撤防" />
          </RadioGroup>
        </Field>
      );
    case 'sosNumbers':
      return (
        <Field label="SOS号码" required hint="最多 3 个，用逗号分隔">
          <Input value={f.sosNumbers} disabled={disabled} maxLength={70} counter={false} onChange={(_, d) => store.setForm({ sosNumbers: d.value })} />
        </Field>
      );
    case 'monitor':
      return (
        <Field label="回拨号码" required hint="设备静默拨打该号码，可听到周围声音">
          <Input value={f.monitorPhone} disabled={disabled} maxLength={20} inputMode="tel" onChange={(_, d) => store.setForm({ monitorPhone: d.value })} />
        </Field>
      );
    default:
      return null;
  }
});

function CheckCell(props: { row: CommandTargetRow; command: Command | undefined }) {
  const s = useStyles();
  const { row, command } = props;
  if (command) {
    const result = describeCommandResult(command.result);
    return (
      <>
        <Badge appearance="tint" color={STATUS_COLORS[command.status] ?? 'informative'} data-status={command.status}>
          {command.statusText}
        </Badge>{' '}
        <span className={s.muted} title={result.raw ? `设备原文：${result.raw}` : undefined}>{result.text}</span>
        {result.raw && <span className={s.raw}>设备原文：{result.raw}</span>}
      </>
    );
  }
  return <span className={row.note === '可下发' ? undefined : s.muted}>{row.note}</span>;
}

const TerminalList = observer(function TerminalList(props: { store: CommandDialogStore }) {
  const s = useStyles();
  const { store } = props;
  return (
    <div className={s.list}>
      <table className={s.table} aria-label="下发终端">
        <thead>
          <tr>
            <th className={s.th}>{store.words.nameLabel}</th>
            <th className={s.th}>终端号</th>
            <th className={s.th}>在线</th>
            <th className={s.th}>{store.sent ? '执行状态' : '检查结果'}</th>
          </tr>
        </thead>
        <tbody>
          {store.rows.map((r) => (
            <tr key={r.terminalNo} data-terminal={r.terminalNo}>
              <td className={s.td}>{r.plateNo || '-'}</td>
              <td className={s.td}>{r.terminalNo}</td>
              <td className={s.td}>{r.online ? '在线' : '离线'}</td>
              <td className={s.td}>
                <CheckCell row={r} command={store.results.get(r.terminalNo)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

const Summary = observer(function Summary(props: { store: CommandDialogStore }) {
  const s = useStyles();
  const { store } = props;
  if (store.sent) {
    const counts = new Map<string, number>();
    for (const c of store.results.values()) counts.set(c.statusText, (counts.get(c.statusText) ?? 0) + 1);
    return <div className={s.summary}>{[...counts].map(([k, n]) => `${k} ${n}`).join(' · ')}</div>;
  }
  if (store.dangerous) return <PreviewPanel store={store} />;
  const total = store.checks.length;
  const unsupported = total - store.targets.length;
  return (
    <div className={s.summary}>
      共 {total} 个终端，可立即下发 {store.targets.length - store.offlineCount} 个
      {store.offlineCount > 0 && `，离线 ${store.offlineCount} 个（上线后下发）`}
      {unsupported > 0 && `，不支持 ${unsupported} 个`}
    </div>
  );
});

/** 下发预览 of a dangerous command: the server's figures, read before the password is asked for. */
const PreviewPanel = observer(function PreviewPanel(props: { store: CommandDialogStore }) {
  const s = useStyles();
  const { store } = props;
  if (!store.previewCurrent) {
    if (store.checking) return <Spinner size="tiny" label="正在生成下发预览…" />;
    return <div className={s.summary}>填写完整参数后显示下发预览</div>;
  }
  const preview = store.preview!;
  return (
    <section className={s.preview} aria-label="下发预览">
      <span className={s.previewTitle}>下发预览</span>
      {previewLines(preview, store.words).map((line) => (
        <span key={line}>{line}</span>
      ))}
      {preview.warnings.map((w) => (
        <MessageBar key={w} intent="warning">
          <MessageBarBody>{w}</MessageBarBody>
        </MessageBar>
      ))}
    </section>
  );
});

/**
 * 下发指令: pick one of the command types the chosen terminals' models support and its parameters,
 * see which terminals can take it now; for a dangerous one read the server's preview (how many get
 * it, how many are moving, which are skipped and why) and confirm with the login password; send,
 * then watch each terminal's status (待发送 → 已发送 → 成功 / 失败 / 超时) and its answer arrive live.
 */
const CommandDialog = observer(function CommandDialog(props: { terminalNos: readonly string[]; title?: string; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const live = useService(LiveService);
  const [store] = useState(() => new CommandDialogStore(props.terminalNos, { http, live }));
  useEffect(() => store.start(), [store]);

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface style={{ maxWidth: 640 }}>
        <DialogBody>
          <DialogTitle>{props.title ?? '下发指令'}</DialogTitle>
          <DialogContent className={s.content}>
            <Field label="指令类型" hint={!store.loadingTypes && store.types.length === 0 && !store.error ? '所选终端的型号没有可下发的指令' : undefined}>
              {store.loadingTypes ? (
                <Spinner size="tiny" label="正在读取终端支持的指令…" />
              ) : (
                <RadioGroup className={s.types} layout="horizontal" value={store.commandType} disabled={store.sent} onChange={(_, d) => store.setType(d.value)}>
                  {store.types.map((t) => (
                    <Radio key={t.commandType} value={t.commandType} label={t.commandName} />
                  ))}
                </RadioGroup>
              )}
            </Field>
            <Params store={store} />
            {/* the preview of a dangerous command comes before the password that confirms it */}
            {store.checking && store.checks.length === 0 && !store.dangerous ? <Spinner size="tiny" label="正在检查终端…" /> : <Summary store={store} />}
            {store.dangerous && !store.sent && store.previewCurrent && store.targets.length > 0 && (
              <Field label="登录密码" required hint="危险指令：确认上面的下发预览后，输入当前账号的登录密码">
                <Input type="password" autoComplete="current-password" value={store.form.password} onChange={(_, d) => store.setForm({ password: d.value })} />
              </Field>
            )}
            <TerminalList store={store} />
            {store.error && (
              <MessageBar intent="error">
                <MessageBarBody>{store.error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>关闭</Button>
            <Button appearance="primary" disabled={store.sent || store.sending || store.checking || store.targets.length === 0} onClick={() => void store.send()}>
              {store.sent ? '已下发' : store.sending ? '下发中…' : store.dangerous ? '确认下发' : '下发'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
export default CommandDialog;
