import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PermissionService, ServiceProvider, type MonitorItem, type PermissionService as Perms } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok, storeUser } from '../../core/test/fake-server';
import { FakeWebSockets } from '../../core/test/fake-web-socket';
import MonitorPage from '../../plugins/car/pages/monitor-page';


const item = (terminalNo: string, plateNo: string, patch: Partial<MonitorItem> = {}): MonitorItem => ({
  terminalNo, plateNo, vehicleId: 1, groupId: 1, groupName: '北京车队', online: true, lon: 116.4, lat: 39.9, speed: 36, course: 0, altitude: 0,
  gpsTime: '2026-03-01T10:00:00+08:00', receivedTime: '2026-03-01T10:00:01+08:00', alarmFlags: 0, statusFlags: 3, acc: true, located: true, mileage: 10, assetKind: 'vehicle', protocol: 'jt808', ...patch,
});
const expired = item('013800000003', '京A00003', {
  online: false, lon: null, lat: null, speed: null, course: null, altitude: null, gpsTime: null, receivedTime: null, mileage: null, assetKind: 'vehicle', protocol: 'jt808', alarmFlags: 0, statusFlags: 0,
  acc: false, located: false, expired: true, hint: '服务已到期，请续费',
});

async function setup() {
  storeUser();
  const server = new FakeServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok([{ id: 8100, type: 1 }]))
    .on('GET', '/car/v4/api/monitor/tree.json', ok([{ id: 1, name: '北京车队', children: [] }]))
    .on('GET', '/car/v4/api/monitor/list.json', ok({ total: 3, list: [item('013800000001', '京A00001'), item('013800000002', '京A00002', { online: false, speed: 0 }), expired] }))
    .on('POST', '/car/v4/api/address/baidu/getGeo.json', ok([]));
  const sockets = new FakeWebSockets();
  const container = createKernel({ httpAdapter: server.adapter, webSocketFactory: sockets.factory });
  await container.get<Perms>(PermissionService).load();
  render(
    <ServiceProvider container={container}>
      <MonitorPage />
    </ServiceProvider>,
  );
}

const row = (plate: string) => within(screen.getAllByText(plate).map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);

describe('实时监控', () => {
  it('shows an expired asset as 服务已到期 with the hint, counted apart from online and offline', async () => {
    await setup();
    await screen.findAllByText('京A00003');
    // the table loads after the tree: wait for the row itself
    await waitFor(() => expect(screen.getAllByText('京A00003').some((e) => e.closest('[role="row"]'))).toBe(true));
    const status = row('京A00003').getByText('服务已到期');
    expect(status.getAttribute('title')).toBe('服务已到期，请续费');
    expect(row('京A00003').getByText('服务已到期，请续费')).toBeTruthy();
    expect(row('京A00002').getByText('离线')).toBeTruthy();
    const counts = screen.getByTestId('monitor-count');
    expect(counts.textContent).toContain('显示 3 辆');
    expect(counts.textContent).toContain('在线 1');
    expect(counts.textContent).toContain('离线 1');
    expect(within(counts).getByTitle('服务已到期，请续费').textContent).toBe('服务已到期 1');
    // the tree marks it too
    const tree = await screen.findByRole('treeitem', { name: /京A00003/ });
    expect(within(tree).getByTitle('服务已到期，请续费').textContent).toBe('已到期');
  });
});
