import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logIn, renderApp } from '../test/app-harness';

describe('/checkLogin', () => {
  it('clears every main_ key and nothing else', async () => {
    logIn();
    localStorage.setItem('main_history', JSON.stringify({ 系统中心: [] }));
    localStorage.setItem('main_themeValue', JSON.stringify('blue'));
    localStorage.setItem('other_app', 'kept');
    renderApp('/checkLogin');
    expect(await screen.findByText('登录状态已清除')).toBeTruthy();
    await waitFor(() => expect(Object.keys(localStorage).filter((k) => k.startsWith('main_'))).toEqual([]));
    expect(localStorage.getItem('other_app')).toBe('kept');
    expect(window.location.pathname).toBe('/checkLogin');
    expect(screen.getByRole('link', { name: '前往登录' })).toBeTruthy();
  });
});
