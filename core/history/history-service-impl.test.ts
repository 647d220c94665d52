import { describe, expect, it, vi } from 'vitest';
import { HistoryService, type HistoryEntry, type HistoryService as HistoryServiceType } from '@tianlu/sdk';
import { createTestKernel } from '../test/fake-server';

const page = (systemName: string, n: number | string): HistoryEntry => ({ systemName, title: `页面${n}`, path: `/${systemName}/p${n}` });
const stored = () => JSON.parse(localStorage.getItem('main_history') ?? 'null') as Record<string, HistoryEntry[]> | null;
const history = () => createTestKernel().get<HistoryServiceType>(HistoryService);

describe('HistoryServiceImpl add', () => {
  it('adds at the front per system and persists under history', () => {
    const h = history();
    h.add(page('car', 1));
    h.add(page('car', 2));
    h.add(page('system', 1));
    expect(h.list('car').map((e) => e.path)).toEqual(['/car/p2', '/car/p1']);
    expect(stored()).toEqual({ car: [page('car', 2), page('car', 1)], system: [page('system', 1)] });
  });

  it('deduplicates by path within a system (no move, no duplicate)', () => {
    const h = history();
    h.add(page('car', 1));
    h.add(page('car', 2));
    h.add({ ...page('car', 1), title: '新标题' });
    expect(h.list('car').map((e) => e.title)).toEqual(['页面2', '页面1']);
  });

  it('keeps at most 10 per system, dropping the oldest', () => {
    const h = history();
    for (let i = 1; i <= 12; i++) h.add(page('car', i));
    h.add(page('pet', 1));
    expect(h.list('car')).toHaveLength(10);
    expect(h.list('car')[0]!.path).toBe('/car/p12');
    expect(h.list('car').at(-1)!.path).toBe('/car/p3');
    expect(h.list('pet')).toHaveLength(1);
  });

  it('does not record entries titled index', () => {
    const h = history();
    h.add({ systemName: 'car', title: 'index', path: '/car/' });
    expect(h.bySystem).toEqual({});
    expect(stored()).toBeNull();
  });

  it('rejects an entry without systemName with a console error only', () => {
    const h = history();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => h.add({ systemName: '', title: 't', path: '/x' })).not.toThrow();
    expect(error).toHaveBeenCalledTimes(1);
    expect(h.bySystem).toEqual({});
    error.mockRestore();
  });
});

describe('HistoryServiceImpl remove and clear', () => {
  it('removes by index and drops a system whose list becomes empty', () => {
    const h = history();
    h.add(page('car', 1));
    h.add(page('car', 2));
    h.remove('car', 0);
    expect(h.list('car').map((e) => e.path)).toEqual(['/car/p1']);
    h.remove('car', 0);
    expect('car' in h.bySystem).toBe(false);
    expect(stored()).toBeNull();
  });

  it('ignores an index out of range', () => {
    const h = history();
    h.add(page('car', 1));
    h.remove('car', 5);
    h.remove('nope', 0);
    expect(h.list('car')).toHaveLength(1);
  });

  it('clears one system or all', () => {
    const h = history();
    h.add(page('car', 1));
    h.add(page('pet', 1));
    h.clear('car');
    expect(Object.keys(h.bySystem)).toEqual(['pet']);
    expect(Object.keys(stored()!)).toEqual(['pet']);
    h.clear();
    expect(h.bySystem).toEqual({});
    expect(stored()).toBeNull();
  });
});

describe('HistoryServiceImpl start-up', () => {
  it('restores the per-system form', () => {
    localStorage.setItem('main_history', JSON.stringify({ car: [page('car', 1)] }));
    expect(history().list('car')).toEqual([page('car', 1)]);
  });

  it('migrates an old flat array into the per-system form (order kept, rules applied)', () => {
    const flat = [page('car', 2), page('pet', 1), page('car', 1), { title: 'x', path: '/nosystem' }, { systemName: 'car', title: 'index', path: '/car/' }, page('car', 2)];
    localStorage.setItem('main_history', JSON.stringify(flat));
    const h = history();
    expect(h.list('car').map((e) => e.path)).toEqual(['/car/p2', '/car/p1']);
    expect(h.list('pet').map((e) => e.path)).toEqual(['/pet/p1']);
    expect(Array.isArray(stored())).toBe(false);
    expect(Object.keys(stored()!).sort()).toEqual(['car', 'pet']);
  });
});
