import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticePage } from '../../../sdk/notice';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';


const PAGE = '/car/v1/helpCenter/helpMessage/pageHelpMessage';
const DETAIL = '/car/v1/helpCenter/helpMessage/getHelpMessage';
const MARK = '/car/v1/helpCenter/helpMessage/markRead';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
  ({ admin, other } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

describe('notices', () => {
  it('pages the five demo notices, newest first', async () => {
    const first = await admin.get<NoticePage>(PAGE, { current: 1, pageSize: 2 });
    const third = await admin.get<NoticePage>(PAGE, { current: 3, pageSize: 2 });
    expect(first.obj).toMatchObject({ total: 5, unread: 5 });
    expect(first.obj.list).toHaveLength(2);
    expect(third.obj.list).toHaveLength(1);
    const times = first.obj.list.map((n) => Date.parse(n.publishTime));
    expect(times[0]).toBeGreaterThan(times[1]!);
    expect(first.obj.list[0]!.publishTime).toMatch(/\+08:00$/);
    expect(first.obj.list[0]).toMatchObject({ read: false, title: expect.any(String), summary: expect.any(String), category: expect.any(String) });
  });

  it('keeps read state per user', async () => {
    const { obj } = await admin.get<NoticePage>(PAGE, { current: 1, pageSize: 10 });
    const target = obj.list[1]!;
    expect(await admin.postJson(MARK, { ids: [target.id] })).toMatchObject({ flag: 1, obj: { updated: 1 } });
    // Marking again changes nothing.
    expect((await admin.postJson(MARK, { ids: [target.id] })).obj).toEqual({ updated: 0 });

    const mine = await admin.get<NoticePage>(PAGE, { current: 1, pageSize: 10 });
    expect(mine.obj.unread).toBe(4);
    expect(mine.obj.list.find((n) => n.id === target.id)!.read).toBe(true);
    expect((await admin.get<NoticePage>(PAGE, { current: 1, pageSize: 10, read: 1 })).obj.list.map((n) => n.id)).toEqual([target.id]);
    expect((await admin.get<NoticePage>(PAGE, { current: 1, pageSize: 10, read: 0 })).obj.total).toBe(4);

    const theirs = await other.get<NoticePage>(PAGE, { current: 1, pageSize: 10 });
    expect(theirs.obj.unread).toBe(5);
  });

  it('marks everything read with {all: true}', async () => {
    const res = await other.postJson<{ updated: number }>(MARK, { all: true });
    expect(res.obj.updated).toBe(5);
    expect((await other.get<NoticePage>(PAGE, { current: 1, pageSize: 10 })).obj.unread).toBe(0);
  });

  it('filters by keyword', async () => {
    const res = await admin.get<NoticePage>(PAGE, { current: 1, pageSize: 10, keyword: '春节' });
    expect(res.obj.total).toBe(1);
    expect(res.obj.list[0]!.title).toContain('春节');
  });

  it('shows a notice’s content without marking it read', async () => {
    const { obj } = await admin.get<NoticePage>(PAGE, { current: 1, pageSize: 10, read: 0 });
    const detail = await admin.get<{ id: number; content: string; read: boolean }>(DETAIL, { id: obj.list[0]!.id });
    expect(detail.obj).toMatchObject({ id: obj.list[0]!.id, read: false });
    expect(detail.obj.content.length).toBeGreaterThan(20);
    expect((await admin.get(DETAIL, { id: 999999 })).flag).toBe(404);
  });

  it('refuses an empty markRead and bad ids with a Chinese message', async () => {
    expect(await admin.postJson(MARK, {})).toMatchObject({ flag: 400, msg: '公告编号不能为空' });
    const bad = await admin.postJson(MARK, { ids: ['abc'] });
    expect(bad.flag).toBe(400);
    expect(bad.msg).toContain('公告编号');
  });
});
