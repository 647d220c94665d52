import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogService, ToastService, type DialogService as Dialogs, type ToastService as Toasts } from '@tianlu/sdk';
import { logIn, ok, renderApp, shellServer } from '../test/app-harness';
import { MAIN_CONTAINER_ID } from '../layout/main-layout-ids';

describe('alarm and download tips', () => {
  it('attach to the main container 125px above the bottom when there is no assistant', async () => {
    logIn();
    const { container } = renderApp('/home');
    await screen.findByText('我的应用');
    act(() => container.get<Dialogs>(DialogService).showDownList(true));
    const dock = await screen.findByTestId('tips-dock');
    expect(dock.parentElement?.id).toBe(MAIN_CONTAINER_ID);
    expect(dock.dataset.dock).toBe('main');
    expect(dock.style.bottom).toBe('125px');
    expect(screen.getByRole('button', { name: '前往下载中心' })).toBeTruthy();
    expect(document.querySelector('script[data-assistant]')).toBeNull();
  });

  it('loads the assistant script only when both AI urls are configured, then move into its wrapper', async () => {
    logIn();
    const server = shellServer().on('GET', '/oauthToken/getConfig', ok({ legacyLoginHosts: [], smsLoginEnabled: false, aiUrl: 'https://ai.example/chat', aiScriptUrl: 'https://ai.example/sdk.js' }));
    renderApp('/home', server);
    const script = await waitFor(() => {
      const el = document.querySelector<HTMLScriptElement>('script[data-assistant]');
      expect(el).not.toBeNull();
      return el!;
    });
    expect(script.src).toBe('https://ai.example/sdk.js');
    act(() => void script.dispatchEvent(new Event('load')));
    await waitFor(() => expect(screen.getByTestId('tips-dock').dataset.dock).toBe('assistant'));
    expect(screen.getByTestId('assistant-wrapper').contains(screen.getByTestId('tips-dock'))).toBe(true);
    script.remove();
  });

  it('says in the open download tip that the export is ready, and with the tip closed says it in a toast', async () => {
    logIn();
    const app = renderApp('/home');
    await screen.findByText('我的应用');
    const dialogs = app.container.get<Dialogs>(DialogService);
    const toasts = app.container.get<Toasts>(ToastService);
    act(() => dialogs.showDownList(true));
    await screen.findByRole('button', { name: '前往下载中心' });
    await waitFor(() => expect(app.sockets.last).not.toBeUndefined());
    const socket = app.sockets.last!.open();
    act(() => void socket.receive({ type: 'exportReady', id: 3, fileName: '里程报表.xlsx' }));
    expect(await screen.findByText('里程报表.xlsx 已生成，可以下载了')).toBeTruthy();
    expect(screen.getByText('导出任务已提交，生成后可在下载中心下载')).toBeTruthy();
    expect(toasts.current?.text ?? '').not.toContain('已生成');

    act(() => dialogs.showDownList(false));
    act(() => void socket.receive({ type: 'exportReady', id: 4, fileName: '告警明细.xlsx' }));
    await waitFor(() => expect(toasts.current?.text).toBe('告警明细.xlsx 已生成，可在下载中心下载'));
  });
});
