import type { BusPosition } from '../bus/bus-events';
import { itemReadingKey } from '../gateway/position-readings';
import type { PartAlarmEvent, PartPosition, ReadingDecoder, ReadingSource } from '../module/part-data';
import type { PositionReadings } from '../../sdk/position';
import { PartFeed } from './part-feed';
import type { LoadedPart } from './server-part-loader';
import type { TenantGrants } from './tenant-grants';

/** What the taps need of the parts: the running ones, running code as theirs, stopping one that failed. */
export interface PartDataHost {
  running(): Iterable<LoadedPart>;
  run<T>(systemId: string, fn: () => T): T;
  fault(systemId: string, err: unknown): void;
  warn(systemId: string, msg: string): void;
}

/** Adds the decoded readings to a position's readings (the same object back when nothing was added). */
export type ReadingsDecoder = (terminalId: number, readings: PositionReadings | null | undefined) => PositionReadings | undefined;

/**
 * Where the platform's data meets the running parts: readings decoded by the parts of plugins the
 * tenant has, committed positions and raised or ended alarms fed to the parts that subscribed (again
 * only for tenants that have the plugin), each part through its own {@link PartFeed}.
 */
export class PartDataTaps {
  private readonly feeds = new WeakMap<LoadedPart, PartFeed>();

  constructor(private readonly host: PartDataHost, readonly grants: TenantGrants) {}

  /** Resolves when the plugins of these tenants are known (undefined when they are already). */
  prepare(tenantIds: Iterable<number>): Promise<void> | undefined {
    if (!this.anyRunning()) return undefined;
    return this.grants.prepare(tenantIds);
  }

  /** The decoder of the tenant's readings, undefined when no part of its plugins decodes any (reads the tenant's plugins first). */
  async decoderFor(tenantId: number): Promise<ReadingsDecoder | undefined> {
    await this.prepare([tenantId]);
    return this.decoderNow(tenantId);
  }

  /** The same, from what is known now (`prepare` first). */
  decoderNow(tenantId: number): ReadingsDecoder | undefined {
    const parts = [...this.host.running()].filter((p) => p.data.readings && this.grants.has(tenantId, p.platformId));
    if (parts.length === 0) return undefined;
    return (terminalId, readings) => this.decode(parts, tenantId, terminalId, readings ?? undefined);
  }

  /** A committed position with the readings the tenant's parts decode. */
  decorate(tenantId: number, position: BusPosition): BusPosition {
    const decode = this.decoderNow(tenantId);
    if (!decode) return position;
    const readings = decode(position.terminalId, position.readings);
    return readings === position.readings ? position : { ...position, readings };
  }

  /** Committed positions of one tenant: each part subscribed to positions of a plugin the tenant has gets them, after commit. */
  positions(tenantId: number, positions: readonly BusPosition[]): void {
    for (const part of this.host.running()) {
      const handler = part.data.subscriptions?.positions;
      if (!handler || this.grants.has(tenantId, part.platformId) !== true) continue;
      const batch: PartPosition[] = positions.map((p) => Object.freeze({ ...p, tenantId, ...(p.readings && { readings: Object.freeze({ ...p.readings }) }) }));
      this.feed(part).push(() => handler(batch, part.context as never));
    }
  }

  /** An alarm raised or ended on this instance. */
  alarm(event: PartAlarmEvent): void {
    if (!this.anyRunning()) return;
    const deliver = () => {
      for (const part of this.host.running()) {
        const handler = part.data.subscriptions?.alarms;
        if (!handler || this.grants.has(event.tenantId, part.platformId) !== true) continue;
        const frozen = Object.freeze({ ...event, alarm: Object.freeze({ ...event.alarm }) });
        this.feed(part).push(() => handler(frozen, part.context as never));
      }
    };
    const wait = this.grants.prepare([event.tenantId]);
    if (wait) void wait.then(deliver);
    else deliver();
  }

  /** Stops feeding a part (stopped, failed or reloaded). */
  forget(part: LoadedPart): void {
    this.feeds.get(part)?.close();
    this.feeds.delete(part);
  }

  private anyRunning(): boolean {
    for (const part of this.host.running()) if (part.data.readings || part.data.subscriptions) return true;
    return false;
  }

  private feed(part: LoadedPart): PartFeed {
    let feed = this.feeds.get(part);
    if (!feed) {
      const { systemId } = part;
      feed = new PartFeed(
        (call) => this.host.run(systemId, call),
        (err) => this.host.fault(systemId, err),
        (count) => this.host.warn(systemId, `插件 ${systemId} 的服务端处理订阅数据太慢，已丢弃最早的 ${count} 批`),
      );
      this.feeds.set(part, feed);
    }
    return feed;
  }

  private decode(parts: readonly LoadedPart[], tenantId: number, terminalId: number, readings: PositionReadings | undefined): PositionReadings | undefined {
    const base: PositionReadings = readings ?? {};
    const source = readingSource(tenantId, terminalId, base);
    let out: Record<string, number | string | boolean> | undefined;
    for (const part of parts) {
      try {
        decodeReadings(part.data.readings!, source, (fn) => this.host.run(part.systemId, fn), (key, value) => ((out ??= { ...base })[key] = value));
      } catch (err) {
        // no reading, and the part stops: its other decoders give none either from now on
        this.host.fault(part.systemId, err);
      }
    }
    return out ?? readings;
  }
}

/** What a part's reading decoders read of a position. */
export function readingSource(tenantId: number, terminalId: number, readings: PositionReadings): ReadingSource {
  return { tenantId, terminalId, readings, item: (id) => itemValue(readings, id) };
}

/**
 * Runs a part's reading decoders on a position: each value that is a text, a boolean or a finite
 * number goes to `put`; a decoder that throws stops the rest and throws in Chinese, naming its reading.
 */
export function decodeReadings(
  decoders: Readonly<Record<string, ReadingDecoder>>,
  source: ReadingSource,
  run: (fn: () => unknown) => unknown,
  put: (key: string, value: number | string | boolean) => void,
): void {
  for (const [key, decoder] of Object.entries(decoders)) {
    let value: unknown;
    try {
      value = run(() => decoder(source));
    } catch (err) {
      throw new Error(`读数 ${key} 的解码函数出错：${err instanceof Error ? err.message : String(err)}`);
    }
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) put(key, value);
  }
}

function itemValue(readings: PositionReadings, id: number): string | undefined {
  const value = Number.isInteger(id) ? readings[itemReadingKey(id)] : undefined;
  return typeof value === 'string' ? value : undefined;
}
