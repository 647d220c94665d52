import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportApi } from '@tianlu/sdk';
import { drawChartsOnNothing, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import MileageSummaryPage from './mileage-summary-page';
import OfflineReportPage from './offline-report-page';
import StopReportPage from './stop-report-page';

/** China time 2026-05-20 10:00: the server's clock, and the page's (only Date is faked there). */
const NOW = new Date('2026-05-20T10:00:00+08:00');

let kit: PageServer;
let restoreCanvas: () => void;

/**
 * 一组 of the demo tenant: 京A00001 drove on 05-19 with a ten-minute stop (ACC off) at 08:20:10,
 * 京A00002 last reported on 05-18 at 09:00, 京A00009 never reported.
 */
beforeAll(async () => {
  restoreCanvas = drawChartsOnNothing();
  kit = await startPageServer({ clock: { now: () => new Date(NOW) } });
  const { store } = kit.server;
  const tenantId = (await store.org.findTenantByName('天路演示'))!.id;
  const group = await store.fleet.ensureGroup(tenantId, null, '一组');
  const provision = (n: number) => store.fleet.provision({ tenantId, groupId: group, terminalNo: `1380005000${n}`, displayNo: `1380005000${n}`, authCode: 'x', plateNo: `京A0000${n}` });
  const driven = await provision(1);
  const silent = await provision(2);
  await provision(9);
  const at = (terminal: { terminalId: number }, n: number, iso: string, fields: { lon?: number; lat?: number; speed?: number; statusFlags?: number; mileage?: number }) => ({
    terminalNo: `1380005000${n}`, terminalId: terminal.terminalId, tenantId, deviceTime: new Date(iso), receivedTime: new Date(iso), lon: 116.4, lat: 39.9, altitude: 50,
    speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false, ...fields,
  });
  const t0 = Date.parse('2026-05-19T08:00:10+08:00');
  const rows = [];
  for (let i = 0; i < 120; i++) rows.push(at(driven, 1, new Date(t0 + i * 10_000).toISOString(), { lon: 116.3 + i * 0.0008, speed: 30, statusFlags: 3, mileage: 5000 + i * 0.083 }));
  const parked = t0 + 120 * 10_000;
  for (let i = 0; i < 60; i++) rows.push(at(driven, 1, new Date(parked + i * 10_000).toISOString(), { lon: 116.3 + 120 * 0.0008, speed: 0, statusFlags: 2, mileage: 5000 + 120 * 0.083 }));
  const again = parked + 60 * 10_000;
  for (let i = 0; i < 60; i++) rows.push(at(driven, 1, new Date(again + i * 10_000).toISOString(), { lon: 116.3 + 120 * 0.0008, lat: 39.9 + i * 0.0008, speed: 30, statusFlags: 3, mileage: 5010 + i * 0.083 }));
  rows.push(at(silent, 2, '2026-05-18T09:00:00+08:00', { speed: 0 }));
  await store.positions.writeBatch(rows);
});

afterAll(async () => {
  restoreCanvas();
  await kit?.close();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  kit.forget();
});
afterEach(() => vi.useRealTimers());

const shown = (text: string) => screen.findByText(text);

describe('停车报表', () => {
  it('shows each stop with its place, duration and ACC, and asks the server for ACC-on stops only', async () => {
    await kit.render(<StopReportPage />);
    const row = (await shown('京A00001')).closest('[role="row"]') as HTMLElement;
    const { list } = kit.requests(ReportApi.stops.path)[0]!.answer as { list: { plateNo: string; address: string; seconds: number; acc: boolean }[] };
    expect(list).toEqual([expect.objectContaining({ plateNo: '京A00001', start: '2026-05-19T08:20:10+08:00', seconds: 600, acc: false, address: '北京市东城区' })]);
    expect(within(row).getByText(list[0]!.address)).toBeTruthy();
    expect(within(row).getByText('10分')).toBeTruthy();
    expect(within(row).getByText('关')).toBeTruthy();
    expect(screen.getByRole('group', { name: '合计' }).textContent).toContain('ACC 关：1 次');
    fireEvent.click(screen.getByRole('combobox', { name: 'ACC 状态' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ACC 开' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(kit.requests(ReportApi.stops.path).at(-1)?.query).toEqual({ current: '1', pageSize: '10', start: '2026-05-14', end: '2026-05-20', acc: '1' }));
    // no ACC-on stop that week
    expect(kit.requests(ReportApi.stops.path).at(-1)?.answer).toMatchObject({ total: 0 });
  });
});

describe('里程汇总', () => {
  it('asks for the last three months and refuses a range over a year before asking', async () => {
    await kit.render(<MileageSummaryPage />);
    await waitFor(() => expect(kit.requests(ReportApi.mileageSummary.path)[0]?.flag).toBe(1));
    expect(kit.requests(ReportApi.mileageSummary.path)[0]!.query).toEqual({ current: '1', pageSize: '10', start: '2026-03', end: '2026-05' });
    const { list } = kit.requests(ReportApi.mileageSummary.path)[0]!.answer as { list: { groupName: string; month: string; mileage: number }[] };
    const may = list.find((r) => r.groupName === '一组' && r.month === '2026-05')!;
    expect(may.mileage).toBeGreaterThan(0);
    expect(await shown(may.mileage.toFixed(2))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('开始月份'), { target: { value: '2025-01' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await shown('查询月份范围不能超过 12 个月')).toBeTruthy();
    expect(kit.requests(ReportApi.mileageSummary.path)).toHaveLength(1);
  });
});

describe('离线报表', () => {
  it('lists the silent assets with how long they have been offline, and sends the threshold', async () => {
    await kit.render(<OfflineReportPage />);
    expect(await shown('从未上报')).toBeTruthy();
    expect(screen.getByText('京A00009')).toBeTruthy();
    const row = screen.getByText('京A00002').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('49小时0分')).toBeTruthy();
    expect(kit.requests(ReportApi.offline.path)[0]?.query).toEqual({ current: '1', pageSize: '10', hours: '24' });
    fireEvent.change(screen.getByLabelText('离线超过(小时)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await shown('离线时长必须是 1 到 8760 之间的整数')).toBeTruthy();
    expect(kit.requests(ReportApi.offline.path)).toHaveLength(1);
  });
});
