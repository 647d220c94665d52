import { randomBytes } from 'node:crypto';
import {
  alarmTemplateKey,
  checkNotifyChannel,
  checkNotifyField,
  checkTestRecipient,
  NOTIFY_CHANNEL_FIELDS,
  NOTIFY_CHANNEL_KIND_NAMES,
  isSecretField,
  looksMasked,
  type NotifyChannelKind,
  type NotifyChannelView,
  type NotifyFieldErrors,
  type NotifyFieldSpec,
  type NotifyTestAnswer,
} from '../../../sdk/notify-channels';
import { NotifyApi } from '../../../sdk/contracts/notify';
import { channelOfKind } from '../../notify/channel-factory';
import type { NotifyMessage } from '../../notify/channels/channel';
import { loadNotifyKey, maskSecret, SecretBox } from '../../notify/secret-box';
import type { StoredChannel } from '../../store/notify-queries';
import { formatChinaTime } from '../../../sdk/china-time';
import type { AppDeps } from '../app-deps';
import { badInput, notFound } from '../envelope';
import { sessionRoute, type SessionContext } from '../route-definition';

/** 推送渠道 (granted with 推送设置). */
export const NOTIFY_CHANNEL_RESOURCE = 400305;

const boxes = new WeakMap<AppDeps, Promise<SecretBox>>();

/** The box the delivery workers open the secrets with: the same notify key (NOTIFY_KEY or the data directory's). */
function notifyBox(deps: AppDeps): Promise<SecretBox> {
  let box = boxes.get(deps);
  if (!box) {
    box = loadNotifyKey(deps.config.notifyKey, deps.config.dataDir).then((key) => new SecretBox(key));
    boxes.set(deps, box);
  }
  return box;
}

/** A robot address shown to the console: scheme and host, its token's last four characters. */
function maskUrl(url: string | undefined): string {
  if (!url) return '';
  try {
    return `${new URL(url).origin}/****${url.slice(-4)}`;
  } catch {
    return maskSecret(url);
  }
}

const masked = (f: NotifyFieldSpec, value: string | undefined) => (f.type === 'secretUrl' ? maskUrl(value) : maskSecret(value));

const asText = (v: unknown): string => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));

/** What the console sees of a channel: every field as text, the secrets masked. */
function toView(c: StoredChannel, secrets: Record<string, string>): NotifyChannelView {
  const kind = c.kind as NotifyChannelKind;
  const values: Record<string, string> = {};
  for (const f of NOTIFY_CHANNEL_FIELDS[kind] ?? []) values[f.key] = isSecretField(f) ? masked(f, secrets[f.key]) : asText(c.config[f.key]);
  return { id: c.id, kind, name: c.name || NOTIFY_CHANNEL_KIND_NAMES[kind] || c.kind, enabled: c.enabled, values };
}

type Ctx = SessionContext<unknown, unknown>;

async function viewOf(ctx: Ctx, c: StoredChannel): Promise<NotifyChannelView> {
  const box = await notifyBox(ctx.deps);
  return toView(c, c.secret ? box.open(c.secret) : {});
}

/** The tenant's channel, or 渠道不存在 (another tenant's is not there). */
async function ownChannel(ctx: Ctx, id: number): Promise<StoredChannel> {
  const c = await ctx.deps.store.notify.channel(id);
  if (!c || c.tenantId !== ctx.user.tenantId) throw notFound('推送渠道不存在');
  return c;
}

export const notifyChannelsRoute = sessionRoute.of(NotifyApi.channels, {
  resource: NOTIFY_CHANNEL_RESOURCE,
  handler: async (ctx) => {
    const { deps, user } = ctx;
    const list = await deps.store.notify.channels(user.tenantId, undefined, true);
    return Promise.all(list.map((c) => viewOf(ctx, c)));
  },
});

export const notifySaveChannelRoute = sessionRoute.of(NotifyApi.saveChannel, {
  resource: NOTIFY_CHANNEL_RESOURCE,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const kind = body.kind;
    const fields = NOTIFY_CHANNEL_FIELDS[kind];
    const known = new Set(fields.map((f) => f.key));
    const unknown = Object.keys(body.values).find((k) => !known.has(k));
    if (unknown) throw badInput(`${NOTIFY_CHANNEL_KIND_NAMES[kind]}没有参数 ${unknown}`);
    const name = body.name.trim() || NOTIFY_CHANNEL_KIND_NAMES[kind];
    const existing = body.id === undefined ? undefined : await ownChannel(ctx, body.id);
    if (existing && existing.kind !== kind) throw badInput('渠道类型不能修改，请删除后重新添加');
    const box = await notifyBox(deps);
    const stored = existing?.secret ? box.open(existing.secret) : {};
    const config: Record<string, unknown> = {};
    const secrets: Record<string, string> = {};
    // every field is checked: the answer names each one that is wrong, the first in its message
    const fieldErrors: NotifyFieldErrors = {};
    const across = checkNotifyChannel(kind, body.values);
    for (const f of fields) {
      const raw = body.values[f.key] ?? '';
      // the masked value sent back unchanged keeps what is stored
      if (isSecretField(f) && existing && stored[f.key] && raw === masked(f, stored[f.key])) {
        secrets[f.key] = stored[f.key]!;
        continue;
      }
      // a masked value that no longer matches (changed meanwhile elsewhere) is not a secret to store
      if (isSecretField(f) && looksMasked(f, raw)) {
        const what = f.type === 'secretUrl' ? '地址' : '密钥';
        fieldErrors[f.key] = stored[f.key] ? `${what}已在别处修改，请重新填写` : `请填写完整的${f.label}`;
        continue;
      }
      const checked = checkNotifyField(kind, f, raw);
      if (checked.error !== undefined || across[f.key]) {
        fieldErrors[f.key] = checked.error ?? across[f.key]!;
        continue;
      }
      const { value } = checked;
      if (value === undefined) continue;
      if (isSecretField(f)) secrets[f.key] = value as string;
      else config[f.key] = value;
    }
    const firstError = Object.values(fieldErrors)[0];
    if (firstError) throw badInput(firstError, { fieldErrors });
    const sealed = Object.keys(secrets).length ? box.seal(secrets) : null;
    const now = deps.clock.now();
    const before = existing && (await viewOf(ctx, existing));
    let id: number;
    if (existing) {
      await deps.store.notify.updateChannel(user.tenantId, existing.id, { name, enabled: body.enabled, config, secret: sealed }, now);
      id = existing.id;
    } else {
      id = await deps.store.notify.addChannel({ tenantId: user.tenantId, kind, name, enabled: body.enabled, config, secret: sealed }, now);
    }
    const saved = await viewOf(ctx, (await deps.store.notify.channel(id))!);
    await ctx.audit({ action: existing ? '修改推送渠道' : '新增推送渠道', target: `推送渠道 ${name}`, before, after: saved });
    return saved;
  },
});

export const notifyEnableChannelRoute = sessionRoute.of(NotifyApi.enableChannel, {
  resource: NOTIFY_CHANNEL_RESOURCE,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const c = await ownChannel(ctx, body.id);
    if (c.kind === 'webhook' && body.enabled && !c.config.url) throw badInput('请先编辑该 Webhook 填写推送地址');
    await deps.store.notify.setChannelEnabled(user.tenantId, c.id, body.enabled, deps.clock.now());
    const saved = await viewOf(ctx, (await deps.store.notify.channel(c.id))!);
    await ctx.audit({ action: body.enabled ? '启用推送渠道' : '停用推送渠道', target: `推送渠道 ${saved.name}` });
    return saved;
  },
});

export const notifyDeleteChannelRoute = sessionRoute.of(NotifyApi.deleteChannel, {
  resource: NOTIFY_CHANNEL_RESOURCE,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const c = await ownChannel(ctx, body.id);
    const before = await viewOf(ctx, c);
    await deps.store.notify.deleteChannel(user.tenantId, c.id);
    await ctx.audit({ action: '删除推送渠道', target: `推送渠道 ${before.name}`, before });
    return { deleted: 1 };
  },
});

/** The test message: a made-up alarm, so SMS templates get their variables. */
function testMessage(now: Date): NotifyMessage {
  const time = formatChinaTime(now);
  const text = `【天路】推送测试：这是一条测试消息，收到说明告警推送渠道配置正确。${time}`;
  return {
    subject: '天路告警推送测试',
    text,
    fields: { asset: '测试设备', alarm: '推送测试', time },
    data: { test: true, subject: '天路告警推送测试', text, time },
    idempotencyKey: `test-${randomBytes(8).toString('hex')}`,
  };
}

export const notifyTestChannelRoute = sessionRoute.of(NotifyApi.testChannel, {
  resource: NOTIFY_CHANNEL_RESOURCE,
  handler: async (ctx): Promise<NotifyTestAnswer> => {
    const { body, deps } = ctx;
    const c = await ownChannel(ctx, body.id);
    const recipient = (body.recipient ?? '').trim();
    const wrong = checkTestRecipient(c.kind as NotifyChannelKind, recipient);
    if (wrong) throw badInput(wrong, { fieldErrors: { recipient: wrong } });
    // the test message is an alarm: a channel kept for codes or lease notices only has no template for it
    const template = alarmTemplateKey(c.kind as NotifyChannelKind);
    if (template && !c.config[template]) throw badInput('该短信渠道未设置告警模板，测试短信按告警模板发送，请先填写告警模板');
    const box = await notifyBox(deps);
    let secret = c.secret;
    if (c.kind === 'webhook') {
      if (!c.config.url) throw badInput('请先编辑该 Webhook 填写推送地址');
      // one moved over from 推送设置 signs with a secret made when first used
      secret = (await deps.store.notify.webhookSecret(c.id, () => box.seal({ secret: randomBytes(32).toString('hex') }))) ?? null;
    }
    const settings: Record<string, unknown> = { ...c.config, ...(secret ? box.open(secret) : {}) };
    const channel = channelOfKind(c.kind, settings);
    if (!channel) throw badInput(`不支持的渠道类型：${c.kind}`);
    let accepted: boolean;
    let providerAnswer: string;
    try {
      ({ accepted, providerAnswer } = await channel.send(testMessage(deps.clock.now()), recipient));
    } catch (err) {
      accepted = false;
      providerAnswer = err instanceof Error ? err.message : String(err);
    }
    const name = c.name || NOTIFY_CHANNEL_KIND_NAMES[c.kind as NotifyChannelKind];
    await ctx.audit({ action: '发送测试推送', target: `推送渠道 ${name}`, after: { accepted, providerAnswer } });
    return { accepted, providerAnswer, message: accepted ? `测试消息已发送，服务商应答：${providerAnswer}` : `测试消息发送失败，服务商应答：${providerAnswer}` };
  },
});

