import { describe, expect, it, vi } from 'vitest';
import * as sdk from '@tianlu/sdk';
import { createKernel } from './kernel';
import * as core from './index';

const TOKENS = {
  HttpService: sdk.HttpService,
  StorageService: sdk.StorageService,
  SessionService: sdk.SessionService,
  PermissionService: sdk.PermissionService,
  HistoryService: sdk.HistoryService,
  GeocodeService: sdk.GeocodeService,
  DialogService: sdk.DialogService,
  ThemeService: sdk.ThemeService,
  BrandingService: sdk.BrandingService,
  MessageBus: sdk.MessageBus,
  PageScaleService: sdk.PageScaleService,
  ToastService: sdk.ToastService,
  NavigationService: sdk.NavigationService,
  ConfigService: sdk.ConfigService,
  PluginRegistry: sdk.PluginRegistry,
  IconLoader: sdk.IconLoader,
};

describe('createKernel', () => {
  it('binds every service token of the SDK to its Impl, as singletons', () => {
    const c = createKernel({ window });
    for (const [name, token] of Object.entries(TOKENS)) {
      const impl = (core as Record<string, unknown>)[`${name}Impl`];
      const service = c.get(token);
      expect(service, name).toBeInstanceOf(impl as new () => unknown);
      expect(c.get(token), name).toBe(service);
    }
  });

  it('binds every Symbol exported by the SDK', () => {
    const c = createKernel({ window });
    const symbols = (Object.values(sdk) as unknown[]).filter((v): v is symbol => typeof v === 'symbol');
    expect(symbols.length).toBeGreaterThanOrEqual(Object.keys(TOKENS).length);
    for (const s of symbols) expect(c.isBound(s), String(s)).toBe(true);
  });

  it('gives every kernel its own instances', () => {
    expect(createKernel().get(sdk.HistoryService)).not.toBe(createKernel().get(sdk.HistoryService));
  });

  it('lets the host rebind navigation after creation; services resolve it at call time', async () => {
    const c = createKernel({
      httpAdapter: async (config) => ({ data: { flag: 4010, msg: '', obj: null }, status: 200, statusText: 'OK', headers: {}, config }),
    });
    const http = c.get<sdk.HttpService>(sdk.HttpService);
    const navigate = vi.fn();
    c.rebindSync(sdk.NavigationService).toConstantValue({ path: '/', navigate, openTab: vi.fn() });
    await http.get('/car/v1/api/resource/newList.json').catch(() => undefined);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
