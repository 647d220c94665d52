import { describe, expect, it } from 'vitest';
import { PartFeed } from './part-feed';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('a part’s feed', () => {
  it('hands calls over later, one at a time in order, waiting for each promise', async () => {
    const log: string[] = [];
    const feed = new PartFeed((call) => call(), () => log.push('error'), () => {});
    let release!: () => void;
    feed.push(() => new Promise<void>((r) => { log.push('a start'); release = () => { log.push('a end'); r(); }; }));
    feed.push(() => log.push('b'));
    expect(log).toEqual([]); // nothing on the caller's path
    await tick();
    expect(log).toEqual(['a start']);
    release();
    await tick();
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('stops at a call that throws or rejects and reports it once', async () => {
    const errors: unknown[] = [];
    const ran: number[] = [];
    const feed = new PartFeed((call) => call(), (err) => errors.push(err), () => {});
    feed.push(() => ran.push(1));
    feed.push(() => Promise.reject(new Error('坏了')));
    feed.push(() => ran.push(3));
    await tick();
    expect(ran).toEqual([1]);
    expect(errors).toEqual([new Error('坏了')]);
    feed.push(() => ran.push(4));
    await tick();
    expect(ran).toEqual([1]);
  });

  it('drops the oldest calls of a part that cannot keep up, and says how many', async () => {
    const ran: number[] = [];
    const dropped: number[] = [];
    const feed = new PartFeed((call) => call(), () => {}, (n) => dropped.push(n), 3);
    for (let i = 1; i <= 5; i++) feed.push(() => ran.push(i));
    await tick();
    expect(ran).toEqual([3, 4, 5]);
    expect(dropped).toEqual([2]);
  });
});
