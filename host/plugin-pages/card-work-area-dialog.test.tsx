import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceProvider } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, flag, storeUser } from '../../core/test/fake-server';
import { FakeWebSockets } from '../../core/test/fake-web-socket';
import { AttendancePaths } from '../../plugins/card/attendance/attendance-api';
import { WorkAreaDialog } from '../../plugins/card/attendance/work-area-dialog';

function renderDialog() {
  storeUser();
  const server = new FakeServer().on('POST', AttendancePaths.saveArea, (req) =>
    flag(400, (req.body as { radius?: number }).radius === 5 ? '半径必须在 10 到 5000 米之间' : '区域名称已存在'));
  const container = createKernel({ httpAdapter: server.adapter, webSocketFactory: new FakeWebSockets().factory });
  render(
    <ServiceProvider container={container}>
      <WorkAreaDialog onSaved={() => undefined} onClose={() => undefined} />
    </ServiceProvider>,
  );
  const field = (label: string) => screen.getByRole('textbox', { name: label });
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  return { type };
}

describe('新增考勤区域', () => {
  it('clears a refusal once its field is changed, and keeps one about another field', async () => {
    const { type } = renderDialog();
    type('区域名称', '一号厂区');
    type('圆心经度', '116.397');
    type('圆心纬度', '39.909');
    type('半径（米）', '5');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('半径必须在 10 到 5000 米之间');
    // a change elsewhere leaves the refusal of 半径 in place; fixing 半径 takes it away
    type('圆心纬度', '39.91');
    expect(screen.getByRole('alert').textContent).toBe('半径必须在 10 到 5000 米之间');
    type('半径（米）', '200');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('区域名称已存在');
    type('区域名称', '二号厂区');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
