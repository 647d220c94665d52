import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HEALTH_THRESHOLD, resolveHealthLimits, ServiceProvider } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, flag, ok } from '../../core/test/fake-server';
import { HealthSettingsApi, type HealthOverrideList } from '../../plugins/center/health/health-limit-form';

const P = {
  overrides: HealthSettingsApi.overrides.path,
  update: HealthSettingsApi.update.path,
  people: HealthSettingsApi.people.path,
  saveOverride: HealthSettingsApi.saveOverride.path,
};
import HealthPage from '../../plugins/center/pages/health-page';
import { logIn } from '../test/app-harness';

const tenant = DEFAULT_HEALTH_THRESHOLD;
const list = (overrides: HealthOverrideList['overrides'] = []): HealthOverrideList => ({ tenant, departments: ['研发部', '行政部'], overrides });

function renderPage(server: FakeServer) {
  render(
    <ServiceProvider container={createKernel({ httpAdapter: server.adapter })}>
      <HealthPage />
    </ServiceProvider>,
  );
}

const input = (label: string, root: HTMLElement = document.body) => within(root).getByLabelText(new RegExp(`^${label}（`)) as HTMLInputElement;
const type = (label: string, value: string, root?: HTMLElement) => fireEvent.change(input(label, root), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  logIn();
});

describe('健康设置', () => {
  it('edits the tenant’s limits, refusing a lower limit not below its upper and values out of range without sending', async () => {
    const server = new FakeServer().on('GET', P.overrides, ok(list())).on('POST', P.update, (req) => ok(req.body));
    renderPage(server);
    await waitFor(() => expect(input('血氧下限').value).toBe('94'));
    expect(input('体温下限').value).toBe('35');
    type('心率下限', '130');
    type('血氧下限', '101');
    type('体温上限', '37.35');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('心率下限必须小于心率上限')).toBeTruthy();
    expect(screen.getByText('血氧下限应在 70~100 % 之间')).toBeTruthy();
    expect(screen.getByText('体温上限最多一位小数')).toBeTruthy();
    expect(server.to(P.update)).toHaveLength(0);

    type('心率下限', '55');
    type('血氧下限', '92');
    type('体温上限', '37.5');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.to(P.update)).toHaveLength(1));
    expect(server.to(P.update)[0]!.body).toEqual({ ...tenant, heartRateMin: 55, spo2Min: 92, temperatureMax: 37.5 });
  });

  it('adds a department’s own limits: blanks show what they inherit, a limit against the inherited one is refused', async () => {
    const saved = { id: 7, scope: 'department' as const, department: '研发部', vehicleId: null, name: '研发部', employeeNo: '', limits: { spo2Min: 92 }, effective: resolveHealthLimits(tenant, { spo2Min: 92 }) };
    let overrides: HealthOverrideList['overrides'] = [];
    const server = new FakeServer()
      .on('GET', P.overrides, () => ok(list(overrides)))
      .on('POST', P.saveOverride, (req) => {
        overrides = [saved];
        return ok({ ...saved, limits: (req.body as { limits: object }).limits });
      });
    renderPage(server);
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
    expect(server.to(P.saveOverride)).toHaveLength(0);

    type('心率下限', '', dialog);
    type('体温下限', '', dialog);
    type('血氧下限', '92', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.to(P.saveOverride)).toHaveLength(1));
    expect(server.to(P.saveOverride)[0]!.body).toEqual({ department: '研发部', limits: { spo2Min: 92 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByText('血氧下限 92 %')).closest('[role="listitem"]')!;
    expect(row.getAttribute('aria-label')).toBe('部门 研发部');
  });

  it('finds a person by name and shows the server’s message when it refuses', async () => {
    const server = new FakeServer()
      .on('GET', P.overrides, ok(list()))
      .on('GET', P.people, (req) => ok(req.query.get('keyword') === '张' ? [{ id: 31, name: '张三', employeeNo: 'E1001', department: '研发部' }] : []))
      .on('POST', P.saveOverride, flag(400, '心率下限必须小于心率上限（心率上限沿用部门“研发部”的设置：110）'));
    renderPage(server);
    fireEvent.click(await screen.findByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('人员'));
    fireEvent.change(within(dialog).getByLabelText('查找人员'), { target: { value: '张' } });
    await within(dialog).findByRole('option', { name: '张三（E1001） · 研发部' });
    type('心率下限', '100', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('心率下限必须小于心率上限（心率上限沿用部门“研发部”的设置：110）')).toBeTruthy();
    expect(server.to(P.saveOverride)[0]!.body).toEqual({ vehicleId: 31, limits: { heartRateMin: 100 } });
  });
});
