import { useCallback, useEffect, useState } from 'react';
import { Button, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons';
import {
  ConfirmDelete,
  DataTable,
  expectOk,
  HttpService,
  isSecretField,
  NETWORK_ERROR_MESSAGE,
  NOTIFY_CHANNEL_FIELDS,
  NOTIFY_CHANNEL_KIND_NAMES,
  NotifyApi,
  PageSection,
  ToastService,
  useService,
  type DataTableColumn,
  type NotifyChannelView,
} from '@tianlu/sdk';
import { readNotifyChannels } from '../alarm/alarm-queries';
import { NotifyChannelDialog, NotifyTestDialog } from '../alarm/notify-channel-dialogs';

const useStyles = makeStyles({
  ops: { display: 'flex', gap: '4px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

/** Where a channel sends to, in one line: the address, or the server and sender. */
function target(c: NotifyChannelView): string {
  const v = c.values;
  switch (c.kind) {
    case 'smtp':
      return `${v.host}:${v.port}  发件人 ${v.from}`;
    case 'aliyun-sms':
    case 'tencent-sms':
      return `签名 ${v.signName}  告警模板 ${v.templateCode || v.templateId || '未设置'}`;
    default:
      return v.url ?? '';
  }
}

/** The channel's secrets as the server shows them (masked). */
const secrets = (c: NotifyChannelView) =>
  NOTIFY_CHANNEL_FIELDS[c.kind].filter((f) => isSecretField(f) && f.key !== 'url' && c.values[f.key]).map((f) => `${f.label} ${c.values[f.key]}`).join('；') || '—';

type Dialog = { kind: 'edit'; channel?: NotifyChannelView } | { kind: 'test'; channel: NotifyChannelView } | { kind: 'delete'; channel: NotifyChannelView };

/** 推送渠道: the tenant's e-mail, SMS, robot and webhook channels, their secrets masked, with 发送测试. */
export default function NotifyChannelPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const [list, setList] = useState<NotifyChannelView[]>();
  const [error, setError] = useState<string>();
  const [dialog, setDialog] = useState<Dialog>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      setList(await readNotifyChannels(http));
    } catch (e) {
      setError(errorText(e));
    }
  }, [http]);
  useEffect(() => void load(), [load]);

  const toggle = async (c: NotifyChannelView, enabled: boolean) => {
    try {
      const saved = expectOk(await http.call(NotifyApi.enableChannel, { id: c.id, enabled }));
      setList((l) => l?.map((x) => (x.id === saved.id ? saved : x)));
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };

  const columns: DataTableColumn<NotifyChannelView>[] = [
    { key: 'kind', title: '类型', width: 104, render: (c) => NOTIFY_CHANNEL_KIND_NAMES[c.kind] },
    { key: 'name', title: '名称', width: 100, render: (c) => c.name },
    { key: 'target', title: '地址', width: '1fr', render: target },
    { key: 'secret', title: '密钥', width: 140, render: secrets },
    {
      key: 'enabled', title: '启用', width: 64,
      render: (c) => <Switch aria-label={`启用${c.name}`} checked={c.enabled} onChange={(_, d) => void toggle(c, d.checked)} />,
    },
    {
      key: 'ops', title: '操作', width: 180,
      render: (c) => (
        <div className={s.ops}>
          <Button size="small" appearance="subtle" onClick={() => setDialog({ kind: 'edit', channel: c })}>编辑</Button>
          <Button size="small" appearance="subtle" onClick={() => setDialog({ kind: 'test', channel: c })}>发送测试</Button>
          <Button size="small" appearance="subtle" onClick={() => setDialog({ kind: 'delete', channel: c })}>删除</Button>
        </div>
      ),
    },
  ];

  return (
    <PageSection
      title="推送渠道"
      error={error}
      tools={
        <>
          <Button icon={<ArrowClockwiseRegular />} onClick={() => void load()}>刷新</Button>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'edit' })}>添加渠道</Button>
        </>
      }
    >
      <Text size={200} className={s.muted}>
        告警经这些渠道送达：邮件和短信发给「推送设置」中的接收人，钉钉、企业微信、飞书机器人发到群里，Webhook 发到推送地址。密钥只显示后四位。
      </Text>
      <DataTable
        label="推送渠道"
        rows={list ?? []}
        columns={columns}
        rowKey={(c) => String(c.id)}
        height={Math.min(420, 40 + 40 * Math.max(list?.length ?? 0, 3))}
        rowHeight={40}
        empty={list ? '还没有推送渠道，点「添加渠道」添加' : '加载中…'}
      />
      {dialog?.kind === 'edit' && (
        <NotifyChannelDialog
          editing={dialog.channel}
          onSaved={(saved) => {
            toast.show('保存成功', 'success');
            setList((l) => (l?.some((x) => x.id === saved.id) ? l.map((x) => (x.id === saved.id ? saved : x)) : [...(l ?? []), saved]));
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'test' && <NotifyTestDialog channel={dialog.channel} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDelete
          title="删除推送渠道"
          text={`删除「${dialog.channel.name}」？删除后告警不再经它送达，其密钥一并删除。`}
          onConfirm={async () => {
            expectOk(await http.call(NotifyApi.deleteChannel, { id: dialog.channel.id }));
            setList((l) => l?.filter((x) => x.id !== dialog.channel.id));
            toast.show('删除成功', 'success');
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
    </PageSection>
  );
}
