import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticeApi } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
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
