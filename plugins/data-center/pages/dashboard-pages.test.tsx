import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmApi, DataCenterApi, expectOk, HttpService, LiveService, type HttpService as Http, type LiveService as Live } from '@tianlu/sdk';
import { drawChartsOnNothing, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import DashboardPage from './dashboard-page';
import ScreenPage from './screen-page';

const BADGE = '868710040000011';

let kit: PageServer;
let tenantId: number;
let terminalId: number;

let restoreCanvas: () => void;

beforeAll(async () => {
  restoreCanvas = drawChartsOnNothing();
  kit = await startPageServer({ live: true });
  const { store } = kit.server;
  tenantId = (await store.org.findTenantByName('天路演示'))!.id;
  const group = await store.fleet.ensureGroup(tenantId, null, '生产部');
  ({ terminalId } = await store.fleet.provision({ tenantId, groupId: group, terminalNo: BADGE, displayNo: BADGE, authCode: '', imei: BADGE, protocol: 'watch', plateNo: '王建国', assetKind: 'person' }));
});

afterAll(async () => {
  restoreCanvas();
  await kit?.close();
});

/** An SOS of the one person, unprocessed. */
async function raiseSos(): Promise<number> {
  const at = new Date(Date.now() - 60_000);
  const row = await kit.server.store.alarms.open({ tenantId, terminalId, alarmType: 'sos', source: 'terminal', startTime: at, endTime: new Date(at.getTime() + 6000), lon: 120.7, lat: 31.3, speed: 0, detail: {} });
  return row!.id;
}

/** The operator handles the SOS elsewhere (告警中心, through the API); the live channel tells the pages open. */
async function handle(kernel: { get<T>(token: symbol): T }, id: number): Promise<void> {
  expectOk(await kernel.get<Http>(HttpService).call(AlarmApi.process, { ids: [id], note: '已联系本人' }));
}

/** The page's kernel on the live channel. */
async function live(kernel: { get<T>(token: symbol): T }): Promise<void> {
  const channel = kernel.get<Live>(LiveService);
  await waitFor(() => expect(channel.status).toBe('live'), { timeout: 10_000 });
}

describe('数据看板', () => {
  it('shows 告警 1 while the SOS is open and reloads to 0 when the live channel says it was handled', async () => {
    const id = await raiseSos();
    kit.forget();
    const { kernel } = await kit.render(<DashboardPage />);
    await screen.findByText(/^天路演示 · 更新于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(document.querySelector('[data-kpi="alarm"]')!.textContent).toBe('告警1');
    expect(document.querySelector('[data-kpi="unprocessed"]')!.textContent).toBe('未处理告警1');
    await live(kernel);
    await handle(kernel, id);
    // reloads are throttled to one per five seconds
    await waitFor(() => expect(kit.requests(DataCenterApi.dashboard.path)).toHaveLength(2), { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector('[data-kpi="alarm"]')!.textContent).toBe('告警0'));
    expect(document.querySelector('[data-kpi="unprocessed"]')!.textContent).toBe('未处理告警0');
  });
});

describe('数据大屏', () => {
  it('lists the open alarms under 实时告警 from the start and drops one the live channel says was handled', async () => {
    const id = await raiseSos();
    const { kernel } = await kit.render(<ScreenPage />);
    const list = await screen.findByRole('list', { name: '实时告警列表' });
    expect(within(list).getByText('紧急报警')).toBeTruthy();
    expect(screen.getByRole('region', { name: '实时告警（未处理 1）' })).toBeTruthy();
    await live(kernel);
    await handle(kernel, id);
    expect(await screen.findByText('暂无未处理告警', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
