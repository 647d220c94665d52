import { describe, expect, it } from 'vitest';
import type { ServiceGetter } from './plugin';
import { prefetchFirstRow } from './prefetch-first-row';
import { HttpService } from './services/http-service';
import { StorageKeys, StorageService } from './services/storage-service';

interface Row {
  id: number;
  terminalNo: string;
}

/** A route's services: an HttpService answering the list with `rows`, and the session `sessionId`. */
function route(sessionId: string, rows: Row[]) {
  const asked: string[] = [];
  const http = {
    prefetch: (what: string) => {
      asked.push(what);
      return Promise.resolve({ flag: 1, msg: '', obj: { list: rows } });
    },
  };
  const storage = { get: (key: string) => (key === StorageKeys.sessionId ? sessionId : undefined) };
  const get = ((token: unknown) => (token === HttpService ? http : token === StorageService ? storage : undefined)) as ServiceGetter;
  const ask = () =>
    prefetchFirstRow(get, {
      key: 'trucks',
      list: (h) => (h as unknown as typeof http).prefetch('list') as never,
      first: (page: { list: Row[] }) => page.list[0],
      ahead: (h, row) => void (h as unknown as typeof http).prefetch(`detail ${row.id}/${row.terminalNo}`),
      same: (a, b) => a.id === b.id && a.terminalNo === b.terminalNo,
    });
  return { asked, ask };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('prefetchFirstRow', () => {
  it('remembers the first row per session: another session asks after the list, as the first time', async () => {
    const a = route('a'.repeat(64), [{ id: 1, terminalNo: 'T1' }]);
    a.ask();
    await settled();
    expect(a.asked).toEqual(['list', 'detail 1/T1']);
    a.ask();
    await settled();
    expect(a.asked.slice(2)).toEqual(['detail 1/T1', 'list']);

    const b = route('b'.repeat(64), [{ id: 1, terminalNo: 'T1' }]);
    b.ask();
    await settled();
    expect(b.asked).toEqual(['list', 'detail 1/T1']);
  });

  it('asks again after the list when the first row is the same one with another badge (`same`)', async () => {
    const before = route('c'.repeat(64), [{ id: 7, terminalNo: 'T7' }]);
    before.ask();
    await settled();
    const after = route('c'.repeat(64), [{ id: 7, terminalNo: 'T8' }]);
    after.ask();
    await settled();
    expect(after.asked).toEqual(['detail 7/T7', 'list', 'detail 7/T8']);
  });
});
