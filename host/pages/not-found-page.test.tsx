import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logIn, renderApp } from '../test/app-harness';

describe('404 page', () => {
  it('says 页面不存在 inside the layout and goes back to 首页', async () => {
    logIn();
    renderApp('/404');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: '菜单' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
  });
});
