import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceProvider } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok } from '../../core/test/fake-server';
import NoticePage from '../../plugins/center/pages/notice-page';

const item = (id: number, read: boolean) => ({ id, title: `公告${id}`, summary: '', category: '系统公告', publishTime: '2026-11-20T10:00:00+08:00', read });

function setup() {
  const server = new FakeServer().on('GET', '/car/v1/helpCenter/helpMessage/pageHelpMessage', (req) =>
    ok({ total: 25, unread: 1, list: req.query.get('read') === '1' ? [item(2, true)] : [item(1, false), item(2, true)] }),
  );
  server.on('POST', '/car/v1/helpCenter/helpMessage/markRead', ok({ updated: 1 }));
  render(
    <ServiceProvider container={createKernel({ httpAdapter: server.adapter })}>
      <NoticePage />
    </ServiceProvider>,
  );
  const queries = () => server.to('/car/v1/helpCenter/helpMessage/pageHelpMessage').map((r) => Object.fromEntries(r.query));
  return { server, queries };
}

describe('站内消息', () => {
  it('asks for page 1 of 10 and pages on', async () => {
    const { queries } = setup();
    expect(await screen.findByText('公告1')).toBeTruthy();
    expect(screen.getAllByText('2026-11-20 10:00')).toHaveLength(2); // publish times in China time
    expect(queries()[0]).toEqual({ current: '1', pageSize: '10' });
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ current: '2', pageSize: '10' }));
  });

  it('goes back to page 1 when the page size changes', async () => {
    const { queries } = setup();
    await screen.findByText('公告1');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(queries().at(-1)?.current).toBe('2'));
    const size = screen.getByRole('combobox', { name: '每页条数' });
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    fireEvent.change(size, { target: { value: '20' } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ current: '1', pageSize: '20' }));
  });

  it('filters 已读 and marks selected notices read', async () => {
    const { server, queries } = setup();
    await screen.findByText('公告1');
    fireEvent.click(screen.getByRole('tab', { name: '已读' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ current: '1', pageSize: '10', read: '1' }));
    await waitFor(() => expect(screen.queryByText('公告1')).toBeNull());
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 公告2' }));
    fireEvent.click(screen.getByRole('button', { name: '标为已读' }));
    await waitFor(() => expect(server.to('/car/v1/helpCenter/helpMessage/markRead')[0]?.body).toEqual({ ids: [2] }));
  });
});
