import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logIn, renderApp } from '../test/app-harness';

const tabs = () => within(screen.getByRole('tablist', { name: '历史标签' }));

describe('history tabs in the layout', () => {
  it('adds a tab per visited page, goes back on click and closes with ×', async () => {
    logIn();
    renderApp('/center/notice');
    await waitFor(() => expect(tabs().getByRole('button', { name: '站内消息' })).toBeTruthy());

    fireEvent.click(await screen.findByRole('button', { name: '安全中心' }));
    await waitFor(() => expect(window.location.pathname).toBe('/center/security'));
    await waitFor(() => expect(tabs().getByRole('button', { name: '安全中心' })).toBeTruthy());
    // Newest first; the current page's tab is selected.
    expect(tabs().getAllByRole('tab').map((t) => t.getAttribute('data-path'))).toEqual(['/center/security', '/center/notice']);
    expect(tabs().getByRole('tab', { selected: true }).getAttribute('data-path')).toBe('/center/security');

    fireEvent.click(tabs().getByRole('button', { name: '站内消息' }));
    await waitFor(() => expect(window.location.pathname).toBe('/center/notice'));

    fireEvent.click(tabs().getByRole('button', { name: '关闭 安全中心' }));
    await waitFor(() => expect(tabs().queryByRole('button', { name: '安全中心' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('main_history')!)).toEqual({
      系统中心: [{ systemName: '系统中心', title: '站内消息', path: '/center/notice' }],
    });
  });

  it('closing the current tab goes to the next one', async () => {
    logIn();
    renderApp('/center/download');
    fireEvent.click(await screen.findByRole('button', { name: '站内消息' }));
    await waitFor(() => expect(window.location.pathname).toBe('/center/notice'));
    await waitFor(() => expect(tabs().getByRole('button', { name: '关闭 站内消息' })).toBeTruthy());
    fireEvent.click(tabs().getByRole('button', { name: '关闭 站内消息' }));
    await waitFor(() => expect(window.location.pathname).toBe('/center/download'));
  });
});
