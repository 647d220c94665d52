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
import {
  COMMAND_DANGEROUS_BUTTON_ID,
  HttpService,
  Input,
  LiveService,
  Textarea,
  useButtonPermission,
  useService,
  type Command,
  type CommandTerminalCheck,
  type CommandType,
} from '@tianlu/sdk';
import { CommandDialogStore } from './command-dialog-store';

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
});

const STATUS_COLORS: Record<number, 'informative' | 'brand' | 'success' | 'danger' | 'warning'> = {
  0: 'informative', 1: 'brand', 2: 'success', 3: 'danger', 4: 'warning',
};

function resultText(c: Command): string {
  const r = c.result;
  if (!r) return '';
  if (r.position) return `${r.position.lon.toFixed(5)}, ${r.position.lat.toFixed(5)} · ${Math.round(r.position.speed)} km/h`;
  return r.text ?? '';
}

const Params = observer(function Params(props: { store: CommandDialogStore }) {
  const s = useStyles();
  const { store } = props;
  const f = store.form;
  const disabled = store.sent;
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
              label="行驶中也执行（默认车速超过 5 km/h 时不断电）"
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
          <Input value={f.sosNumbers} disabled={disabled} maxLength={70} onChange={(_, d) => store.setForm({ sosNumbers: d.value })} />
        </Field>
      );
    case 'monitor':
      return (
        <Field label="回拨号码" required hint="设备静默拨打该号码，可听到周围声音">
          <Input value={f.monitorPhone} disabled={disabled} maxLength={20} onChange={(_, d) => store.setForm({ monitorPhone: d.value })} />
        </Field>
      );
    default:
      return null;
  }
});

function CheckCell(props: { check: CommandTerminalCheck; command: Command | undefined }) {
  const s = useStyles();
  const { check, command } = props;
  if (command) {
    return (
      <>
        <Badge appearance="tint" color={STATUS_COLORS[command.status] ?? 'informative'} data-status={command.status}>
          {command.statusText}
        </Badge>{' '}
        <span className={s.muted}>{resultText(command)}</span>
      </>
    );
  }
  if (check.canSend) return <span>可下发</span>;
  return <span className={s.muted}>{check.reason}</span>;
}

const TerminalList = observer(function TerminalList(props: { store: CommandDialogStore }) {
  const s = useStyles();
  const { store } = props;
  return (
    <div className={s.list}>
      <table className={s.table} aria-label="下发终端">
        <thead>
          <tr>
            <th className={s.th}>车牌号</th>
            <th className={s.th}>终端号</th>
            <th className={s.th}>在线</th>
            <th className={s.th}>{store.sent ? '执行状态' : '检查结果'}</th>
          </tr>
        </thead>
        <tbody>
          {store.checks.map((c) => (
            <tr key={c.terminalNo} data-terminal={c.terminalNo}>
              <td className={s.td}>{c.plateNo || '-'}</td>
              <td className={s.td}>{c.terminalNo}</td>
              <td className={s.td}>{c.online ? '在线' : '离线'}</td>
              <td className={s.td}>
                <CheckCell check={c} command={store.results.get(c.terminalNo)} />
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

/**
 * 下发指令: pick a command type and its parameters for the chosen terminals, see which can take it
 * now, confirm a dangerous one with the login password, send, then watch each terminal's status
 * (待发送 → 已发送 → 成功 / 失败 / 超时) arrive live.
 */
const CommandDialog = observer(function CommandDialog(props: { terminalNos: readonly string[]; title?: string; onClose: () => void }) {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const live = useService<LiveService>(LiveService);
  const canDangerous = useButtonPermission(COMMAND_DANGEROUS_BUTTON_ID);
  const [store] = useState(() => new CommandDialogStore(props.terminalNos, { http, live }, canDangerous));
  useEffect(() => store.start(), [store]);

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface style={{ maxWidth: 640 }}>
        <DialogBody>
          <DialogTitle>{props.title ?? '下发指令'}</DialogTitle>
          <DialogContent className={s.content}>
            <Field label="指令类型">
              <RadioGroup className={s.types} layout="horizontal" value={store.commandType} disabled={store.sent} onChange={(_, d) => store.setType(d.value as CommandType)}>
                {store.types.map((t) => (
                  <Radio key={t.type} value={t.type} label={t.name} />
                ))}
              </RadioGroup>
            </Field>
            <Params store={store} />
            {store.dangerous && !store.sent && (
              <Field label="登录密码" required hint="危险指令，请输入当前账号的登录密码确认">
                <Input type="password" autoComplete="current-password" value={store.form.password} onChange={(_, d) => store.setForm({ password: d.value })} />
              </Field>
            )}
            {store.checking && store.checks.length === 0 ? <Spinner size="tiny" label="正在检查终端…" /> : <Summary store={store} />}
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
              {store.sent ? '已下发' : store.sending ? '下发中…' : '下发'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
export default CommandDialog;
