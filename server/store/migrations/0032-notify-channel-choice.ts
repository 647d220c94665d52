import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/** The kinds a rule chose before it chose channels one by one: every channel of the kind. */
const CHOSEN_BY_KIND = ['dingtalk', 'wecom', 'feishu', 'webhook'];

type Doc = Record<string, any>;
const asObject = (v: unknown): Doc => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Doc;

/** A rule's or the escalation's kinds as the ids of every channel of those kinds; 邮件 and 短信 stay. */
function byIds(choice: Doc, idsOfKind: (kind: string) => number[]): Doc {
  const channels: string[] = Array.isArray(choice.channels) ? choice.channels : [];
  const ids = new Set<number>(Array.isArray(choice.channelIds) ? choice.channelIds : []);
  for (const kind of CHOSEN_BY_KIND) if (channels.includes(kind)) for (const id of idsOfKind(kind)) ids.add(id);
  return { ...choice, channels: channels.filter((c) => c === 'email' || c === 'sms'), channelIds: [...ids].sort((a, b) => a - b) };
}

/** The ids back as kinds (down): every kind one of them is. */
function byKinds(choice: Doc, kindOf: Map<number, string>): Doc {
  const { channelIds, ...rest } = choice;
  const kinds = new Set<string>((Array.isArray(channelIds) ? channelIds : []).flatMap((id: number) => (kindOf.has(id) ? [kindOf.get(id)!] : [])));
  return { ...rest, channels: [...(Array.isArray(choice.channels) ? choice.channels : []), ...kinds] };
}

/**
 * Webhooks become ordinary channels of 推送渠道, several per tenant, each with its own secret: the
 * address 推送设置 kept (and its switch) moves into the tenant's webhook channel — the one holding
 * its signing secret, or a new one that gets a secret when first used — and leaves 推送设置.
 * Routing rules and the escalation choose channels by id: a kind they chose becomes every channel
 * of that kind, so what a tenant receives does not change.
 */
export const notifyChannelChoice: Migration = {
  async up(db: Db) {
    await sql`drop index if exists notify_channels_webhook_secret`.execute(db);

    const pushes = await db.selectFrom('alarm_push').select(['tenant_id', 'settings']).execute();
    for (const p of pushes) {
      const settings = asObject(p.settings);
      const webhook = (settings.webhook ?? {}) as { enabled?: boolean; url?: string };
      const url = typeof webhook.url === 'string' ? webhook.url.trim() : '';
      const existing = await db.selectFrom('notify_channels').select(['id', 'name', 'config'])
        .where('tenant_id', '=', p.tenant_id).where('kind', '=', 'webhook').orderBy('id').executeTakeFirst();
      if (existing) {
        // its address was 推送设置's; without one it stays listed, switched off, to be edited or deleted
        const config = { ...asObject(existing.config), ...(url && { url }) };
        await db.updateTable('notify_channels')
          .set({ name: existing.name || 'Webhook', enabled: !!url && webhook.enabled === true, config: JSON.stringify(config) })
          .where('id', '=', existing.id).execute();
      } else if (url) {
        await db.insertInto('notify_channels')
          .values({ tenant_id: p.tenant_id, kind: 'webhook', name: 'Webhook', enabled: webhook.enabled === true, config: JSON.stringify({ url }), secret: null })
          .execute();
      }
      if ('webhook' in settings) {
        const { webhook: _moved, ...rest } = settings;
        await db.updateTable('alarm_push').set({ settings: JSON.stringify(rest) }).where('tenant_id', '=', p.tenant_id).execute();
      }
    }

    const routings = await db.selectFrom('notify_routing').select(['tenant_id', 'settings']).execute();
    for (const r of routings) {
      const doc = asObject(r.settings);
      const channels = await db.selectFrom('notify_channels').select(['id', 'kind']).where('tenant_id', '=', r.tenant_id).orderBy('id').execute();
      const idsOfKind = (kind: string) => channels.filter((c: { kind: string }) => c.kind === kind).map((c: { id: number }) => Number(c.id));
      const next = {
        ...doc,
        rules: (Array.isArray(doc.rules) ? doc.rules : []).map((rule: Doc) => byIds(rule, idsOfKind)),
        ...(doc.escalation && { escalation: byIds(doc.escalation, idsOfKind) }),
      };
      await db.updateTable('notify_routing').set({ settings: JSON.stringify(next) }).where('tenant_id', '=', r.tenant_id).execute();
    }
  },

  async down(db: Db) {
    const routings = await db.selectFrom('notify_routing').select(['tenant_id', 'settings']).execute();
    for (const r of routings) {
      const doc = asObject(r.settings);
      const channels = await db.selectFrom('notify_channels').select(['id', 'kind']).where('tenant_id', '=', r.tenant_id).execute();
      const kindOf = new Map<number, string>(channels.map((c: { id: number; kind: string }) => [Number(c.id), c.kind]));
      const next = {
        ...doc,
        rules: (Array.isArray(doc.rules) ? doc.rules : []).map((rule: Doc) => byKinds(rule, kindOf)),
        ...(doc.escalation && { escalation: { ...byKinds(doc.escalation, kindOf), channels: byKinds(doc.escalation, kindOf).channels.filter((c: string) => c !== 'webhook') } }),
      };
      await db.updateTable('notify_routing').set({ settings: JSON.stringify(next) }).where('tenant_id', '=', r.tenant_id).execute();
    }
    // one webhook per tenant again: the first one's address back in 推送设置, the others gone
    const webhooks = await db.selectFrom('notify_channels').select(['id', 'tenant_id', 'enabled', 'config']).where('kind', '=', 'webhook').orderBy('id').execute();
    const kept = new Set<number>();
    for (const w of webhooks) {
      if (kept.has(w.tenant_id)) {
        await db.deleteFrom('notify_channels').where('id', '=', w.id).execute();
        continue;
      }
      kept.add(w.tenant_id);
      const url = String(asObject(w.config).url ?? '');
      const push = await db.selectFrom('alarm_push').select('settings').where('tenant_id', '=', w.tenant_id).executeTakeFirst();
      if (push) {
        const settings = { ...asObject(push.settings), webhook: { enabled: w.enabled && !!url, url } };
        await db.updateTable('alarm_push').set({ settings: JSON.stringify(settings) }).where('tenant_id', '=', w.tenant_id).execute();
      }
    }
    await sql`create unique index notify_channels_webhook_secret on notify_channels (tenant_id) where kind = 'webhook'`.execute(db);
  },
};
