import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { Container } from 'inversify';
import type { ReactNode } from 'react';
import { serviceToken } from '../services/service-token';
import { SessionService } from '../services/session-service';
import { PluginScope, usePlugin, type PluginInfo } from './plugin-scope';
import { ServiceProvider, useService } from './use-service';

const CAR: PluginInfo = { platformId: 8, systemId: 'car', title: '智能车联', basePath: '/car/' };

describe('PluginScope', () => {
  it('tells a page which plugin it belongs to and finds the plugin’s services before the platform’s', () => {
    const platform = new Container();
    const session = { isLoggedIn: true };
    platform.bind(SessionService).toConstantValue(session);
    const own = new Container({ parent: platform });
    const FenceStore = serviceToken<{ fences: number }>('test.fenceStore');
    own.bind(FenceStore).toConstantValue({ fences: 3 });
    const wrapper = ({ children }: { children?: ReactNode }) => (
      <ServiceProvider container={platform}>
        <PluginScope plugin={CAR} container={own}>
          {children}
        </PluginScope>
      </ServiceProvider>
    );
    const { result } = renderHook(() => ({ plugin: usePlugin(), fences: useService(FenceStore).fences, session: useService(SessionService) }), { wrapper });
    expect(result.current).toEqual({ plugin: CAR, fences: 3, session });
  });

  it('says so when asked outside a plugin’s page', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => usePlugin())).toThrow('usePlugin needs a page of a plugin');
    error.mockRestore();
  });
});
