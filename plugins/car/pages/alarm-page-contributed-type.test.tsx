import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmApi, type Alarm } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import AlarmPage from './alarm-page';

const REALTIME = AlarmApi.realtime.path;
const HISTORY = AlarmApi.history.path;

/** A plugin installed in PLUGINS_DIR that raises an alarm type of its own (its server part would). */
const COLD = {
  platformId: 93, systemId: 'cold', name: 'cold', productionEntry: '/child/cold/index.js', developmentEntry: '', title: '冷链监控', icon: 'Apps',
  path: '/cold/', created: '2026-11-27', iconfont: '', enabled: true,
  contributes: { alarmTypes: [{ alarmType: 'cold.overTemp', alarmName: '冷链超温', defaultLevel: 'urgent', lifecycle: 'condition' }] },
};

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer({ installed: [COLD] });
  const { store } = kit.server;
  const tenantId = (await store.org.findTenantByName('天路演示'))!.id;
  const { terminalId } = await store.fleet.provision({ tenantId, groupId: null, terminalNo: '13910009001', displayNo: '13910009001', authCode: 'x', plateNo: '冷链车01', assetKind: 'vehicle' });
  // raised as a module's server part raises its own (elec-lease's 租约逾期): through the alarm store
  await store.alarms.open({ tenantId, terminalId, alarmType: 'cold.overTemp', source: 'platform', startTime: new Date(Date.now() - 5 * 60_000), lon: 116.4, lat: 39.9, speed: 0, detail: { t1: 9.5 } });
});

afterAll(() => kit?.close());

describe('告警中心 › an installed plugin’s alarm type', () => {
  it('names its alarms in Chinese in the list and the counts, at the level the plugin gave it', async () => {
    await kit.render(<AlarmPage />, undefined, { plugins: true });
    await waitFor(() => expect(kit.requests(REALTIME)[0]?.flag).toBe(1));
    const alarm = (kit.requests(REALTIME)[0]!.answer as { list: Alarm[] }).list.find((a) => a.alarmType === 'cold.overTemp')!;
    expect(alarm).toMatchObject({ alarmName: '冷链超温', level: 'urgent' });
    const row = (await screen.findByText('冷链车01')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('冷链超温')).toBeTruthy();
    // the counts come in an answer of their own
    expect(await within(await screen.findByTestId('alarm-counts')).findByRole('button', { name: '冷链超温 1' })).toBeTruthy();
  });

  it('offers it in 历史告警’s type filter, and the server filters by it', async () => {
    kit.forget();
    await kit.render(<AlarmPage />, undefined, { plugins: true });
    fireEvent.click(await screen.findByRole('tab', { name: '历史告警' }));
    await waitFor(() => expect(kit.requests(HISTORY)[0]?.flag).toBe(1));
    const search = screen.getByRole('search', { name: '历史告警查询' });
    fireEvent.click(within(search).getByRole('combobox', { name: '告警类型' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: '冷链超温' }));
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(kit.requests(HISTORY)[1]?.flag).toBe(1));
    expect(kit.requests(HISTORY)[1]!.query.alarmType).toBe('cold.overTemp');
    await waitFor(() => expect([...document.querySelectorAll('[data-col="alarm-type"]')].map((c) => c.textContent)).toEqual(['冷链超温']));
  });
});
