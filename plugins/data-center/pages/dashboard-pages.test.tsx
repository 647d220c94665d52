import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_PATH, PermissionService, ServiceProvider, type Alarm, type DashboardData, type PermissionService as Perms } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok, storeUser } from '../../core/test/fake-server';
import { FakeWebSockets } from '../../core/test/fake-web-socket';
import DashboardPage from '../../plugins/data-center/pages/dashboard-page';
import ScreenPage from '../../plugins/data-center/pages/screen-page';

const sos: Alarm = {
  id: 41, alarmType: 'sos', alarmName: '紧急报警', source: 'terminal', level: 'urgent', terminalNo: '868710040000011', plateNo: '王建国', contactPhone: null,
  vehicleId: 3, groupId: 7, groupName: '生产部', startTime: '2026-11-24T10:00:00+08:00', endTime: '2026-11-24T10:00:06+08:00', lon: 120.7, lat: 31.3, speed: 0,
  detail: {}, status: 0, processNote: null, processUser: null, processTime: null,
};

/** 数据看板's answer: one person, in alarm with its open SOS (or handled: online). */
function dashboard(open: boolean): DashboardData {
  const kind = { kind: 'person', total: 1, online: open ? 0 : 1, offline: 0, alarm: open ? 1 : 0, expired: 0, inactive: 0 };
  return {
    tenant: { id: 1, name: '天路演示' }, customers: [{ id: 1, name: '天路演示', parentId: null }], kinds: [kind], totals: { ...kind },
    today: { day: '2026-11-24', assets: 1, reported: 1, onlineRate: 100 }, onlineRate30: 100, days: [], mileage30: 0,
    alarmTypes: [{ alarmType: 'sos', alarmName: '紧急报警', count: 1 }], topAlarmAssets: [], heat: [], expiring: { total: 0, list: [] },
    unprocessedAlarms: open ? { total: 1, latest: [sos] } : { total: 0, latest: [] }, generatedAt: '2026-11-24T10:00:10+08:00',
  };
}

async function renderPage(page: JSX.Element, answers: DashboardData[]) {
  storeUser();
  let n = 0;
  const server = new FakeServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok([{ id: 1702, type: 1 }, { id: 1703, type: 1 }]))
    .on('GET', DASHBOARD_PATH, () => ok(answers[Math.min(n++, answers.length - 1)]!));
  const sockets = new FakeWebSockets();
  const container = createKernel({ httpAdapter: server.adapter, webSocketFactory: sockets.factory });
  await container.get<Perms>(PermissionService).load();
  render(<ServiceProvider container={container}>{page}</ServiceProvider>);
  return { server, sockets };
}

/** The live channel says the SOS was handled. */
async function handled(sockets: FakeWebSockets) {
  await waitFor(() => expect(sockets.last).toBeDefined());
  const socket = sockets.last!;
  act(() => {
    socket.open();
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'alarm', event: 'processed', alarm: { ...sos, status: 1, processNote: '已联系本人' } });
  });
}

afterEach(() => vi.useRealTimers());

describe('数据看板', () => {
  it('shows 告警 1 while the SOS is open and reloads to 0 when the live channel says it was handled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const { server, sockets } = await renderPage(<DashboardPage />, [dashboard(true), dashboard(false)]);
    const alarmKpi = async () => (await screen.findByText('天路演示 · 更新于 2026-11-24 10:00:10')) && document.querySelector('[data-kpi="alarm"]')!.textContent;
    expect(await alarmKpi()).toBe('告警1');
    expect(document.querySelector('[data-kpi="unprocessed"]')!.textContent).toBe('未处理告警1');
    await handled(sockets);
    // reloads are throttled to one per five seconds
    act(() => void vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(server.to(DASHBOARD_PATH)).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('[data-kpi="alarm"]')!.textContent).toBe('告警0'));
  });
});

describe('数据大屏', () => {
  it('lists the open alarms under 实时告警 from the start and drops one the live channel says was handled', async () => {
    const { sockets } = await renderPage(<ScreenPage />, [dashboard(true)]);
    const list = await screen.findByRole('list', { name: '实时告警列表' });
    expect(within(list).getByText('紧急报警')).toBeTruthy();
    expect(screen.getByRole('region', { name: '实时告警（未处理 1）' })).toBeTruthy();
    await handled(sockets);
    expect(await screen.findByText('暂无未处理告警')).toBeTruthy();
  });
});
