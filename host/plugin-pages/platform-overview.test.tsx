import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logIn, ok, renderApp, shellServer } from '../test/app-harness';

describe('概览 of a sub-application', () => {
  it('counts only the kinds its plugin watches: 智能车联 shows its vehicles, not every asset of the tenant', async () => {
    logIn();
    const server = shellServer().on('GET', '/car/v1/api/platform/overview.json', (req) =>
      req.query.get('assetKinds') === 'vehicle'
        ? ok({ title: '智能车联', assets: { total: 50, online: 48, offline: 2, alarm: 1 }, menus: [] })
        : ok({ title: '智能车联', assets: { total: 140, online: 130, offline: 10, alarm: 4 }, menus: [] }));
    renderApp('/car/overview', server);
    expect(await screen.findByText('50')).toBeTruthy();
    expect(document.querySelector('[data-stat="offline"]')?.textContent).toBe('2');
    expect(screen.queryByText('140')).toBeNull();
    expect(server.to('/car/v1/api/platform/overview.json').map((r) => r.query.get('platformId'))).toContain('8');
  });
});
