import { describe, expect, it } from 'vitest';
import { MonitorApi } from '../../contracts/monitor';
import type { ServiceGetter } from '../../plugin';
import { HttpService, PREFETCH_KEPT_MS } from '../../services/http-service';
import { quickTimeRangeOf } from '../../time-range';
import { prefetchTripLog } from '../trip-log';
import { openingRange, tripLogListQuery, tripsQuery } from './trip-log-query';

const NOW = Date.parse('2026-11-20T10:30:15+08:00');

/** An HttpService that answers prefetches from `answers` (by path) and records what was asked. */
function askedAhead(answers: Record<string, unknown>) {
  const asked: [string, unknown][] = [];
  const http = {
    prefetch: (endpoint: { path: string }, input: unknown) => {
      asked.push([endpoint.path, input]);
      const obj = answers[endpoint.path];
      return obj instanceof Error ? Promise.reject(obj) : Promise.resolve({ flag: 1, msg: '', obj });
    },
  };
  const get = ((token: unknown) => (token === HttpService ? http : undefined)) as ServiceGetter;
  return { get, asked };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('a trip log asked ahead by its route', () => {
  it('opens on the range its route asked the first trips for, once; a later log opens on 最近7天 up to its own now', async () => {
    const { get } = askedAhead({ [MonitorApi.list.path]: { total: 0, list: [] } });
    const realNow = Date.now;
    Date.now = () => NOW;
    try {
      prefetchTripLog(get, 'ebike');
    } finally {
      Date.now = realNow;
    }
    expect(openingRange(NOW + 800)).toEqual(quickTimeRangeOf('last7days', NOW));
    expect(openingRange(NOW + 900)).toEqual(quickTimeRangeOf('last7days', NOW + 900));
  });

  it('does not hold a range past PREFETCH_KEPT_MS', async () => {
    const { get } = askedAhead({ [MonitorApi.list.path]: { total: 0, list: [] } });
    prefetchTripLog(get, 'ebike');
    const later = Date.now() + PREFETCH_KEPT_MS + 1;
    expect(openingRange(later)).toEqual(quickTimeRangeOf('last7days', later));
  });

  it("asks the list, then the first asset's trips of that range and a pet's detail, as the list arrives", async () => {
    const { get, asked } = askedAhead({ [MonitorApi.list.path]: { total: 2, list: [{ terminalNo: 'P1' }, { terminalNo: 'P2' }] } });
    prefetchTripLog(get, 'pet');
    const range = openingRange(Date.now());
    await settled();
    expect(asked).toEqual([
      [MonitorApi.list.path, tripLogListQuery('pet')],
      [MonitorApi.vehicleDetail.path, { terminalNo: 'P1' }],
      [MonitorApi.trips.path, tripsQuery('P1', range.start!, range.end!)],
    ]);
  });

  it('asks nothing more when the list fails or is empty', async () => {
    for (const list of [new Error('网络错误'), { total: 0, list: [] }]) {
      const { get, asked } = askedAhead({ [MonitorApi.list.path]: list });
      prefetchTripLog(get, 'ebike');
      await settled();
      expect(asked.map(([path]) => path)).toEqual([MonitorApi.list.path]);
    }
  });

  it("opened again, asks the trips of the asset first the last time beside the list, and the first one's after it only when it is another", async () => {
    const list = (...terminals: string[]) => ({ [MonitorApi.list.path]: { total: terminals.length, list: terminals.map((terminalNo) => ({ terminalNo })) } });
    const first = askedAhead(list('E1', 'E2'));
    prefetchTripLog(first.get, 'ebike');
    await settled();
    const range = openingRange(Date.now());
    const trips = (terminalNo: string) => [MonitorApi.trips.path, tripsQuery(terminalNo, range.start!, range.end!)];
    const listed = [MonitorApi.list.path, tripLogListQuery('ebike')];
    expect(first.asked).toEqual([listed, trips('E1')]);

    const again = askedAhead(list('E1', 'E2'));
    prefetchTripLog(again.get, 'ebike');
    await settled();
    expect(again.asked).toEqual([trips('E1'), listed]);

    // E1 is gone from the list: E2's are asked as the list arrives
    const moved = askedAhead(list('E2'));
    prefetchTripLog(moved.get, 'ebike');
    await settled();
    expect(moved.asked).toEqual([trips('E1'), listed, trips('E2')]);

    // an empty list forgets the asset: nothing is asked beside the next list
    prefetchTripLog(askedAhead(list()).get, 'ebike');
    await settled();
    const after = askedAhead(list('E2'));
    prefetchTripLog(after.get, 'ebike');
    expect(after.asked).toEqual([listed]);
  });
});
