import { describe, expect, it, vi } from 'vitest';
import { NavigationService, type NavigationService as NavigationServiceType } from '@tianlu/sdk';
import { createTestKernel } from '../test/fake-server';

const nav = () => createTestKernel().get<NavigationServiceType>(NavigationService);

describe('NavigationServiceImpl', () => {
  it('pushes and replaces history entries and tracks the path', () => {
    const n = nav();
    const before = history.length;
    n.navigate('/car/monitor');
    expect(location.pathname).toBe('/car/monitor');
    expect(n.path).toBe('/car/monitor');
    expect(history.length).toBe(before + 1);
    n.navigate('/login', { replace: true });
    expect(history.length).toBe(before + 1);
    expect(n.path).toBe('/login');
  });

  it('follows popstate', () => {
    const n = nav();
    history.pushState(null, '', '/elsewhere');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(n.path).toBe('/elsewhere');
  });

  it('opens a path with its query in a new tab', () => {
    const n = nav();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    n.openTab('/car/playback', { urlType: 'blank', terminalNo: '1' });
    expect(open).toHaveBeenCalledWith('/car/playback?urlType=blank&terminalNo=1', '_blank');
    open.mockRestore();
  });
});
