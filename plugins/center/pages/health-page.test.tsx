import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HEALTH_THRESHOLD, ServiceProvider } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { HealthSettingsApi } from '../health/health-limit-form';
import { prefetchHealthSettings } from '../health/health-query';
import HealthPage from './health-page';

const P = {
  overrides: HealthSettingsApi.overrides.path,
  update: HealthSettingsApi.update.path,
  people: HealthSettingsApi.people.path,
  saveOverride: HealthSettingsApi.saveOverride.path,
};

let kit: PageServer;
let zhangSan: number;

/** Two people of the demo tenant, in 研发部 and 行政部. */
beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const tenantId = (await store.org.findTenantByName('天路演示'))!.id;
  const person = (n: number, name: string, employeeNo: string, department: string) => store.fleet.provision({
    tenantId, groupId: null, terminalNo: `86871004000010${n}`, displayNo: `86871004000010${n}`, authCode: '', imei: `86871004000010${n}`, protocol: 'watch', plateNo: name, assetKind: 'person',
    profile: { employeeNo, department },
  });
  ({ vehicleId: zhangSan } = await person(1, '张三', 'E1001', '研发部'));
  await person(2, '李四', 'E1002', '行政部');
});

afterAll(() => kit?.close());

const input = (label: string, root: HTMLElement = document.body) => within(root).getByLabelText(new RegExp(`^${label}（`)) as HTMLInputElement;
const type = (label: string, value: string, root?: HTMLElement) => fireEvent.change(input(label, root), { target: { value } });

describe('健康设置', () => {
  it('edits the tenant’s limits, refusing a lower limit not below its upper and values out of range without sending', async () => {
    kit.forget();
    await kit.render(<HealthPage />);
    await waitFor(() => expect(input('血氧下限').value).toBe('94'));
    expect(input('体温下限').value).toBe('35');
    type('心率下限', '130');
    type('血氧下限', '101');
    type('体温上限', '37.35');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('心率下限必须小于心率上限')).toBeTruthy();
    expect(screen.getByText('血氧下限应在 70~100 % 之间')).toBeTruthy();
    expect(screen.getByText('体温上限最多一位小数')).toBeTruthy();
    expect(kit.requests(P.update)).toHaveLength(0);

    type('心率下限', '55');
    type('血氧下限', '92');
    type('体温上限', '37.5');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(P.update)).toHaveLength(1));
    expect(kit.requests(P.update)[0]).toMatchObject({ body: { ...DEFAULT_HEALTH_THRESHOLD, heartRateMin: 55, spo2Min: 92, temperatureMax: 37.5 }, flag: 1 });
    // the tenant's limits are back as they were for the next cases
    await kit.server.store.db.deleteFrom('health_thresholds').execute();
  });

  it('adds a department’s own limits: blanks show what they inherit, a limit against the inherited one is refused', async () => {
    kit.forget();
    await kit.render(<HealthPage />);
    expect(await screen.findByText('尚未为部门或人员单独设置阈值')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    expect(input('心率上限', dialog).placeholder).toBe('沿用 120');

    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请至少填写一项阈值')).toBeTruthy();
    // the department inherits the tenant's upper limit of 120
    type('心率下限', '125', dialog);
    type('体温下限', '37.5', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('心率下限必须小于心率上限（心率上限沿用 120）')).toBeTruthy();
    expect(within(dialog).getByText('体温下限应在 33~37 ℃ 之间')).toBeTruthy();
    expect(kit.requests(P.saveOverride)).toHaveLength(0);

    type('心率下限', '', dialog);
    type('体温下限', '', dialog);
    type('血氧下限', '92', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(P.saveOverride)).toHaveLength(1));
    expect(kit.requests(P.saveOverride)[0]).toMatchObject({ body: { department: '研发部', limits: { spo2Min: 92 } }, flag: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByText('血氧下限 92 %')).closest('[role="listitem"]')!;
    expect(row.getAttribute('aria-label')).toBe('部门 研发部');
  });

  it('finds a person by name and shows the server’s message when it refuses', async () => {
    await kit.server.store.db.deleteFrom('health_limit_overrides').execute();
    kit.forget();
    await kit.render(<HealthPage />);
    fireEvent.click(await screen.findByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('人员'));
    fireEvent.change(within(dialog).getByLabelText('查找人员'), { target: { value: '张' } });
    await within(dialog).findByRole('option', { name: '张三（E1001） · 研发部' });
    expect(kit.requests(P.people).at(-1)).toMatchObject({ query: { keyword: '张' }, flag: 1 });
    // meanwhile another administrator gives 研发部 an upper heart-rate limit of 110, which the open dialog does not know
    const { store } = kit.server;
    const admin = (await store.users.findByAccount('admin'))!;
    await store.health.saveOverride(admin.tenantId, { department: '研发部' }, { heartRateMax: 110 }, new Date(), admin.id);
    type('心率下限', '115', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(P.saveOverride)).toHaveLength(1));
    const refused = kit.requests(P.saveOverride)[0]!;
    expect(refused).toMatchObject({ body: { vehicleId: zhangSan, limits: { heartRateMin: 115 } }, flag: 400 });
    expect(await within(dialog).findByText(/^心率下限必须小于心率上限（心率上限沿用部门“研发部”的设置：110）$/)).toBeTruthy();
  });
});

describe('健康设置 asked ahead by its route', () => {
  it('asks the tenant’s limits and the overrides beside the page’s code; the page’s first load takes the answer', async () => {
    const kernel = await kit.askAhead(prefetchHealthSettings, [P.overrides]);
    render(<ServiceProvider container={kernel}><HealthPage /></ServiceProvider>);
    await waitFor(() => expect(input('血氧下限').value).toBe('94'));
    expect(screen.getByRole('region', { name: '部门和人员阈值' })).toBeTruthy();
    // nothing asked a second time
    expect(kit.requests(P.overrides)).toHaveLength(1);
  });
});
