import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmApi, DataCenterApi, ElecLeaseApi, expectOk, HttpService, LiveService, type HttpService as Http, type LiveService as Live } from '@tianlu/sdk';
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

/** A China day `offset` days from today. */
const chinaDay = (offset: number) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** 电动车租赁's contracts of the demo tenant, signed as its 合同管理 does: two running, one past its end, one starting soon. */
async function signContracts(): Promise<void> {
  const { kernel } = await kit.login();
  const http = kernel.get<Http>(HttpService);
  const plans = [
    { renter: { name: '刘建国', phone: '13922001101', idNo: '440305198805121237' }, start: -20, end: 160 },
    { renter: { name: '陈晓燕', phone: '13922001102', idNo: '440106199208234567' }, start: -45, end: 135 },
    { renter: { name: '黄志强', phone: '13922001103', idNo: '440304198503097896' }, start: -67, end: -7 },
    { renter: { name: '周海', phone: '13922001104', idNo: '11010519491231002X' }, start: 3, end: 90 },
  ];
  for (const [i, plan] of plans.entries()) {
    const imei = `35871006000010${i}`;
    const { vehicleId } = await kit.server.store.fleet.provision({
      tenantId, groupId: null, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'gt06', plateNo: `看板租车0${i}`, plateColor: 0, assetKind: 'ebike', profile: {},
    });
    const renterId = expectOk(await http.call(ElecLeaseApi.addRenter, plan.renter)).id;
    expectOk(await http.call(ElecLeaseApi.sign, { vehicleId, renterId, startDate: chinaDay(plan.start), endDate: chinaDay(plan.end), monthlyRent: 300, deposit: 500 }));
  }
}

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

// last: the overdue contract raises an alarm of its own
describe('数据看板 › cards other sub-applications contribute', () => {
  beforeAll(signContracts);

  it('draws 电动车租赁’s 租赁概况 after the built-in cards, with its contracts’ figures', async () => {
    const { container } = await kit.render(<DashboardPage />, undefined, { plugins: true });
    const card = await screen.findByRole('region', { name: '租赁概况' });
    expect(card.getAttribute('data-contributed-by')).toBe('elec-lease');
    await waitFor(() => expect(card.querySelector('[data-lease="active"]')?.textContent).toBe('租赁中2 份'));
    expect(card.querySelector('[data-lease="overdue"]')!.textContent).toBe('已逾期1 份');
    expect(card.querySelector('[data-lease="pending"]')!.textContent).toBe('待生效1 份');
    // in the same grid, after the built-in cards
    const cards = [...container.querySelectorAll('section[aria-label]')].map((c) => c.getAttribute('aria-label'));
    expect(cards.at(-1)).toBe('租赁概况');
    expect(cards.indexOf('告警最多的资产')).toBeLessThan(cards.indexOf('租赁概况'));
  });

  it('leaves it out for a role without 电动车租赁', async () => {
    const who = await kit.addUser({ account: 'dash-only', platforms: [17], resources: [1701, 1702] });
    await kit.render(<DashboardPage />, who, { plugins: true });
    expect(await screen.findByRole('region', { name: '告警最多的资产' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '租赁概况' })).toBeNull();
  });

  it('counts only the customer the dashboard shows, and refuses one outside the caller’s scope', async () => {
    const { kernel } = await kit.login();
    const http = kernel.get<Http>(HttpService);
    expect(expectOk(await http.call(ElecLeaseApi.contractCounts, { tenantId }))).toEqual({ pending: 1, active: 2, overdue: 1, returned: 0, terminated: 0 });
    const other = (await kit.server.store.org.findTenantByName('其他公司'))!.id;
    for (const asked of [http.call(ElecLeaseApi.contractCounts, { tenantId: other }), http.call(ElecLeaseApi.contracts, { current: 1, pageSize: 1, tenantId: other })]) {
      expect(await asked.catch((e: unknown) => e)).toMatchObject({ flag: 404, msg: '客户不存在' });
    }
  });
});
