import type { ColumnType, Generated } from 'kysely';

/** Kysely types of 告警推送's channels and outbox (migration 0029-notify-outbox). */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface NotifyChannelTable {
  id: Generated<number>;
  tenant_id: number;
  kind: string;
  name: ColumnType<string, string | undefined, string>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  config: Json;
  /** Encrypted secrets (never clear text). */
  secret: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotifyOutboxTable {
  id: Generated<string>;
  tenant_id: number;
  alarm_id: string | number | null;
  channel: string;
  channel_id: number | null;
  recipient: ColumnType<string, string | undefined, string>;
  idempotency_key: string;
  /** 待发送 | 已送达 | 推送失败 | 已跳过 (a chosen channel disabled or deleted) */
  status: ColumnType<string, string | undefined, string>;
  tries: ColumnType<number, number | undefined, number>;
  next_try_at: Timestamp;
  leased_until: NullableTime;
  lease_token: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  provider_answer: ColumnType<string | null, string | null | undefined, string | null>;
  to_log: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  delivered_at: NullableTime;
  /** alarm | escalation (migration 0030-notify-rules); login-code | bind-code | lease-overdue: a text message sent at once */
  purpose: ColumnType<string, string | undefined, string>;
  /** What the provider limits and burst merge count by; null: neither (the webhook). */
  rate_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Quiet hours held the row until then. */
  held_until: NullableTime;
  /** The row whose message carried this one. */
  merged_into: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export interface NotifyRoutingTable {
  tenant_id: number;
  settings: Json;
  updated_at: Timestamp;
}

export interface NotifySendTable {
  id: Generated<string>;
  rate_key: string;
  sent_at: Date | string;
  rows: ColumnType<number, number | undefined, number>;
}

export interface NotifyTables {
  notify_channels: NotifyChannelTable;
  notify_outbox: NotifyOutboxTable;
  notify_routing: NotifyRoutingTable;
  notify_sends: NotifySendTable;
}
