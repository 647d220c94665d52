import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, HttpService, NoticeApi, ServiceProvider, type HttpService as Http } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchNoticeDetail } from '../components/notice-types';
import NoticeDetailPage from './notice-detail-page';
import NoticePage from './notice-page';

const PAGE = NoticeApi.page.path;
const MARK_READ = NoticeApi.markRead.path;

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const tenant = (await store.org.findTenantByName('天路演示'))!;
  for (let i = 1; i <= 19; i++) {
    await store.notices.create({
      tenantId: tenant.id, title: `车队通知${i}`, summary: '', content: `第${i}条`, category: '系统公告',
      publishTime: new Date(Date.parse('2026-11-20T10:00:00+08:00') - i * 60_000),
    });
  }
});

afterAll(() => kit?.close());

describe('站内消息', () => {
  it('asks for page 1 of 10, shows publish times in China time and pages on', async () => {
    kit.forget();
    await kit.render(<NoticePage />);
    expect(await screen.findByText('车队通知1')).toBeTruthy();
    expect(screen.getByText('2026-11-20 09:59')).toBeTruthy();
    expect(kit.requests(PAGE)[0]?.query).toEqual({ current: '1', pageSize: '10' });
    // the platform's notices and the tenant's 19
    const { total } = kit.requests(PAGE)[0]!.answer as { total: number };
    expect(total).toBeGreaterThanOrEqual(20);
    expect(await screen.findByText(`1 / ${Math.ceil(total / 10)}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(kit.requests(PAGE).at(-1)?.query).toEqual({ current: '2', pageSize: '10' }));
    expect(await screen.findByText('车队通知11')).toBeTruthy();
  });

  it('goes back to page 1 when the page size changes', async () => {
    kit.forget();
    await kit.render(<NoticePage />);
    await screen.findByText('车队通知1');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(kit.requests(PAGE).at(-1)?.query.current).toBe('2'));
    const size = screen.getByRole('combobox', { name: '每页条数' });
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    fireEvent.change(size, { target: { value: '20' } });
    await waitFor(() => expect(kit.requests(PAGE).at(-1)?.query).toEqual({ current: '1', pageSize: '20' }));
    // twenty rows now: the last of them is shown too
    const { list } = kit.requests(PAGE).at(-1)!.answer as { list: { title: string }[] };
    expect(list).toHaveLength(20);
    expect(await screen.findByText(list[19]!.title)).toBeTruthy();
  });

  it('marks a chosen notice read: it leaves 未读 and shows under 已读', async () => {
    kit.forget();
    await kit.render(<NoticePage />);
    fireEvent.click(await screen.findByRole('tab', { name: /^未读/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 车队通知2' }));
    fireEvent.click(screen.getByRole('button', { name: '标为已读' }));
    await waitFor(() => expect(kit.requests(MARK_READ)[0]?.flag).toBe(1));
    await waitFor(() => expect(screen.queryByText('车队通知2')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: '已读' }));
    await waitFor(() => expect(kit.requests(PAGE).at(-1)?.query).toEqual({ current: '1', pageSize: '10', read: '1' }));
    expect(await screen.findByText('车队通知2')).toBeTruthy();
  });

  it('another tenant sees none of the demo tenant’s notices', async () => {
    kit.forget();
    await kit.render(<NoticePage />, OTHER_TENANT);
    await waitFor(() => expect(kit.requests(PAGE)[0]?.flag).toBe(1));
    expect(await screen.findByText('关于平台系统升级维护的通知')).toBeTruthy();
    expect(screen.queryByText(/车队通知/)).toBeNull();
  });
});

describe('公告详情 asked ahead by its route', () => {
  it('asks the notice of its address beside the page’s code, which shows it without asking again; nothing from another page’s address', async () => {
    const { store } = kit.server;
    const tenant = (await store.org.findTenantByName('天路演示'))!;
    const id = await store.notices.create({
      tenantId: tenant.id, title: '限行通知', summary: '', content: '国庆期间货车限行', category: '系统公告', publishTime: new Date('2026-11-21T09:00:00+08:00'),
    });
    const DETAIL = NoticeApi.detail.path;
    // opened from the console: the address is still the page left, and the page asks itself
    const { kernel: other } = await kit.login();
    kit.forget();
    prefetchNoticeDetail((token) => other.get(token), { pathname: '/center/notice', search: `?id=${id}` });
    prefetchNoticeDetail((token) => other.get(token), { pathname: '/center/detail', search: '?id=abc' });
    // a request asked after them has its answer: they asked nothing
    expectOk(await other.get<Http>(HttpService).call(NoticeApi.page, { current: 1, pageSize: 1 }));
    expect(kit.requests(DETAIL)).toEqual([]);
    // opened by its address
    const kernel = await kit.askAhead((get) => prefetchNoticeDetail(get, { pathname: '/center/detail', search: `?id=${id}` }), [DETAIL]);
    window.history.pushState(null, '', `/center/detail?id=${id}`);
    try {
      render(<ServiceProvider container={kernel}><NoticeDetailPage /></ServiceProvider>);
      expect(await screen.findByText('国庆期间货车限行')).toBeTruthy();
      expect(kit.askedTimes([DETAIL])).toEqual([1]);
      expect(kit.requests(DETAIL)[0]!.query).toEqual({ id: String(id) });
    } finally {
      window.history.pushState(null, '', '/');
    }
  });
});
