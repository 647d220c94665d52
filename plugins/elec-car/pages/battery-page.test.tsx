import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitorApi, ServiceProvider } from '@tianlu/sdk';
import { drawChartsOnNothing, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchBattery } from '../battery/battery-query';
import BatteryPage from './battery-page';

// 电池曲线 of 电动车卫士 against the real server: one GT06 guard on a 48 V battery reporting today.

const GUARD = { imei: '358710060000041', plate: '粤B·D30041' };

let kit: PageServer;
let restoreCanvas: () => void;

beforeAll(async () => {
  restoreCanvas = drawChartsOnNothing();
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  await store.fleet.provision({
    tenantId: demo.id, groupId: null, terminalNo: GUARD.imei, displayNo: GUARD.imei, authCode: '', imei: GUARD.imei, protocol: 'gt06', plateNo: GUARD.plate, assetKind: 'ebike',
    profile: { batteryVoltage: '48' },
  });
  const guard = await kit.gt06Terminal(GUARD.imei);
  await guard.report({ battery: 78, batteryVolts: 50.4 });
  await guard.report({ battery: 77, batteryVolts: 50.3 });
});

afterAll(async () => {
  restoreCanvas?.();
  await kit?.close();
});

describe('电池曲线 asked ahead by its route', () => {
  it('asks the e-bikes and, as they arrive, the first one’s battery of today; the page’s first loads take those answers', async () => {
    const asked = [MonitorApi.list.path, MonitorApi.battery.path];
    const kernel = await kit.askAhead(prefetchBattery, asked);
    expect(kit.requests(MonitorApi.battery.path)[0]?.query.terminalNo).toBe(GUARD.imei);
    render(<ServiceProvider container={kernel}><BatteryPage /></ServiceProvider>);
    expect((await screen.findByLabelText('电池概况')).textContent).toBe('电池 48 V，最近：50.3 V，电量 77%（2 次上报）');
    expect((screen.getByRole('combobox', { name: '电动车' }) as HTMLSelectElement).value).toBe(GUARD.imei);
    // nothing asked a second time
    expect(kit.askedTimes(asked)).toEqual([1, 1]);
  });
});
