import { describe, expect, it } from 'vitest';
import type { PluginRoute } from '@tianlu/sdk';
import { matchRoute, showsLayout } from './route-matcher';

const playback: PluginRoute = { path: '/car/playback', title: '轨迹回放', menuId: 8200, load: async () => ({ default: () => null }) };
const login: PluginRoute = { path: '/login', title: '登录', showLayout: false, load: async () => ({ default: () => null }) };

describe('layout', () => {
  it('draws the layout around known routes unless the route hides it', () => {
    expect(showsLayout(playback)).toBe(true);
    expect(showsLayout(login)).toBe(false);
    expect(showsLayout(undefined)).toBe(false);
  });

  it('leaves it out for a page opened on its own with urlType=blank', () => {
    expect(showsLayout(playback, '?urlType=blank&terminalNo=013800000001')).toBe(false);
    expect(showsLayout(playback, '?terminalNo=013800000001')).toBe(true);
  });

  it('matches a route by path, ignoring a trailing slash', () => {
    expect(matchRoute([login, playback], '/car/playback/')).toBe(playback);
  });
});
