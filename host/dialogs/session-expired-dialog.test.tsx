import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { flag, logIn, renderApp, shellServer } from '../test/app-harness';

describe('session expired dialog', () => {
  it('appears when a call answers 4010 and 重新登录 goes to /login', async () => {
    logIn();
    renderApp('/home', shellServer().on('GET', '/car/v1/helpCenter/helpMessage/pageHelpMessage', flag(4010, 'expired')));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('会话过期')).toBeTruthy();
    expect(within(dialog).getByText('当前会话已过期，请重新登录')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '关闭' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByText('当前会话已过期，请重新登录')).toBeNull());
  });

  it('关闭 dismisses the dialog and stays on the page', async () => {
    logIn();
    renderApp('/home', shellServer().on('GET', '/car/v1/helpCenter/helpMessage/pageHelpMessage', flag(4010, 'expired')));
    fireEvent.click(await screen.findByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByText('当前会话已过期，请重新登录')).toBeNull());
    expect(window.location.pathname).toBe('/home');
  });
});
