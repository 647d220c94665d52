import { describe, expect, it } from 'vitest';
import { pagesOf, validatePlugin } from '@tianlu/sdk';
import plugin from './cold-chain-plugin';
import { ColdChainButtons, coldChainDeclaration } from './cold-chain-declaration';

describe('冷链监控', () => {
  it('is a valid plugin of platform 41 under /cold-chain/', () => {
    expect(validatePlugin(plugin)).toEqual([]);
    expect({ platformId: plugin.platformId, systemId: plugin.systemId, title: plugin.title, basePath: plugin.basePath }).toEqual({
      platformId: 41,
      systemId: 'cold-chain',
      title: '冷链监控',
      basePath: '/cold-chain/',
    });
  });

  it('numbers its menus and buttons as roles grant them', () => {
    const menus = pagesOf(coldChainDeclaration).flatMap((p) => ('menuId' in p ? [[p.menuId, p.title, p.path, p.buttons.map((b) => [b.id, b.name])]] : []));
    expect(menus).toEqual([
      [41001, '温度总览', '/cold-chain/overview', [[4100101, '设置上下限'], [4100102, '导出']]],
      [41002, '运输温度', '/cold-chain/trips', [[4100201, '导出']]],
    ]);
    expect(ColdChainButtons).toEqual({ setLimits: 4100101, exportReadings: 4100102, exportTrip: 4100201 });
  });

  it('loads every page it declares and the vehicle tab it lends', async () => {
    for (const route of plugin.routes) if (route.load) expect(typeof (await route.load()).default).toBe('function');
    expect(Object.keys(plugin.components ?? {})).toEqual(['VehicleTemperatureTab']);
    expect((await plugin.components!.VehicleTemperatureTab!()).default).toBeTruthy();
  });
});
