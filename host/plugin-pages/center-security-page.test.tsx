import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceProvider } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, flag, ok } from '../../core/test/fake-server';
import SecurityPage from '../../plugins/center/pages/security-page';
import { DEMO_USER, logIn, renderApp, shellServer } from '../test/app-harness';


const USER = '/car/v1/api/user/';
const HISTORY = {
  total: 12,
  list: [
    { time: '2026-11-20T10:00:00+08:00', ip: '10.0.0.8', result: 'success', method: 'password' },
    { time: '2026-11-20T09:59:00+08:00', ip: '10.0.0.8', result: 'failure', method: 'password' },
    { time: '2026-11-19T08:00:00+08:00', ip: '10.0.0.9', result: 'locked', method: 'sms' },
  ],
};

/** The centre's security page on its own kernel; `user` answers getUser unless the test routes it itself. */
function renderPage(server: FakeServer, user?: object) {
  if (user) server.on('GET', `${USER}getUser.json`, ok(user));
  server.on('GET', `${USER}loginHistory.json`, ok(HISTORY));
  render(
    <ServiceProvider container={createKernel({ httpAdapter: server.adapter })}>
      <SecurityPage />
    </ServiceProvider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });
const input = (area: HTMLElement, label: string) => within(area).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (el: HTMLInputElement, value: string) => fireEvent.change(el, { target: { value } });

beforeEach(() => {
  localStorage.clear();
  logIn();
});

describe('安全中心 › 修改密码', () => {
  it('checks the fields before sending and shows the server’s 原密码错误', async () => {
    const server = new FakeServer().on('POST', `${USER}updateUserPassword.json`, flag(400, '原密码错误'));
    renderPage(server, DEMO_USER);
    const area = section('修改密码');
    const submit = within(area).getByRole('button', { name: '修改密码' });
    expect(within(area).queryByText('密码至少 8 位，且须同时包含字母和数字')).toBeNull();
    fireEvent.click(submit);
    expect(await within(area).findByText('请输入原密码')).toBeTruthy();
    expect(within(area).getByText('密码至少 8 位，且须同时包含字母和数字')).toBeTruthy();

    type(input(area, '原密码'), 'Old@1234');
    type(input(area, '新密码'), 'abcdefgh');
    fireEvent.click(submit);
    await waitFor(() => expect(within(area).queryByText('请输入原密码')).toBeNull());
    type(input(area, '新密码'), 'Abc12345');
    type(input(area, '确认新密码'), 'Abc123456');
    fireEvent.click(submit);
    expect(await within(area).findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(server.to(`${USER}updateUserPassword.json`)).toHaveLength(0);

    type(input(area, '确认新密码'), 'Abc12345');
    fireEvent.click(submit);
    expect(await within(area).findByText('原密码错误')).toBeTruthy();
    expect(server.to(`${USER}updateUserPassword.json`)[0]!.body).toEqual({ oldPassword: 'Old@1234', newPassword: 'Abc12345' });
  });

  it('goes to the login page with 密码已修改，请重新登录 after a change', async () => {
    const server = shellServer()
      .on('POST', `${USER}updateUserPassword.json`, ok({ sessionsEnded: 2 }))
      .on('GET', `${USER}loginHistory.json`, ok({ total: 0, list: [] }))
      .on('GET', '/oauth/logout', ok(null));
    renderApp('/center/security', server);
    const area = await screen.findByRole('region', { name: '修改密码' });
    type(input(area, '原密码'), 'Old@1234');
    type(input(area, '新密码'), 'Abc12345');
    type(input(area, '确认新密码'), 'Abc12345');
    fireEvent.click(within(area).getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(server.to(`${USER}updateUserPassword.json`)).toHaveLength(1));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByText('密码已修改，请重新登录')).toBeTruthy();
    expect(server.to('/oauth/logout')).toHaveLength(1);
    expect(localStorage.getItem('main_sessionId')).toBeNull();
  });
});

describe('安全中心 › 手机绑定', () => {
  it('sends a code with a 60 s countdown, then binds the phone', async () => {
    let user: object = { ...DEMO_USER, phone: '13800138000', phoneVerified: false };
    const server = new FakeServer()
      .on('GET', `${USER}getUser.json`, () => ok(user))
      .on('POST', `${USER}sendSmsCode.json`, (req) => ((req.body as { phone: string }).phone === '13900139000' ? flag(400, '该手机号已被其他账号绑定') : ok(null)))
      .on('POST', `${USER}phoneCodeVerify.json`, () => {
        user = { ...DEMO_USER, phone: '13612345678', phoneVerified: true };
        return ok({ phone: '13612345678', phoneVerified: true });
      });
    renderPage(server);
    const area = section('手机绑定');
    expect(await within(area).findByText('未验证')).toBeTruthy();
    expect(within(area).getByText('当前手机：138****8000')).toBeTruthy();

    type(input(area, '手机号'), '1234');
    fireEvent.click(within(area).getByRole('button', { name: '获取验证码' }));
    expect(await within(area).findByText('手机号格式不正确')).toBeTruthy();
    expect(server.to(`${USER}sendSmsCode.json`)).toHaveLength(0);

    type(input(area, '手机号'), '13900139000');
    fireEvent.click(within(area).getByRole('button', { name: '获取验证码' }));
    expect(await within(area).findByText('该手机号已被其他账号绑定')).toBeTruthy();
    expect(within(area).getByRole('button', { name: '获取验证码' })).toBeTruthy();

    type(input(area, '手机号'), '13612345678');
    fireEvent.click(within(area).getByRole('button', { name: '获取验证码' }));
    const resend = await within(area).findByRole('button', { name: '60 秒后重发' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(server.to(`${USER}sendSmsCode.json`).at(-1)!.body).toEqual({ phone: '13612345678' });

    type(input(area, '验证码'), '12');
    fireEvent.click(within(area).getByRole('button', { name: '绑定' }));
    expect(await within(area).findByText('请输入 6 位验证码')).toBeTruthy();
    type(input(area, '验证码'), '123456');
    fireEvent.click(within(area).getByRole('button', { name: '绑定' }));
    expect(await within(area).findByText('已验证')).toBeTruthy();
    expect(within(area).getByText('当前手机：136****5678')).toBeTruthy();
    expect(server.to(`${USER}phoneCodeVerify.json`)[0]!.body).toEqual({ phone: '13612345678', code: '123456' });
  });
});

describe('安全中心 › 隐私设置 and 微信绑定', () => {
  it('saves a privacy switch and puts it back when the server refuses', async () => {
    let refuse = false;
    let privacy = { hidePhone: false, hideEmail: false };
    const server = new FakeServer()
      .on('GET', `${USER}getUser.json`, () => ok({ ...DEMO_USER, privacy }))
      .on('POST', `${USER}updatePrivacy.json`, (req) => {
        if (refuse) return flag(400, '隐私设置不能为空');
        privacy = { ...privacy, ...(req.body as object) };
        return ok(privacy);
      });
    renderPage(server);
    const phoneSwitch = (await within(section('隐私设置')).findByRole('switch', { name: /隐藏我的手机号/ })) as HTMLInputElement;
    expect(phoneSwitch.checked).toBe(false);
    fireEvent.click(phoneSwitch);
    await waitFor(() => expect(server.to(`${USER}updatePrivacy.json`)[0]?.body).toEqual({ hidePhone: true }));
    await waitFor(() => expect(phoneSwitch.checked).toBe(true));

    refuse = true;
    const emailSwitch = within(section('隐私设置')).getByRole('switch', { name: /隐藏我的邮箱/ }) as HTMLInputElement;
    fireEvent.click(emailSwitch);
    expect(await within(section('隐私设置')).findByText('隐私设置不能为空')).toBeTruthy();
    await waitFor(() => expect(emailSwitch.checked).toBe(false));
  });

  it('unbinds WeChat only after confirmation', async () => {
    let wxBound = true;
    const server = new FakeServer()
      .on('GET', `${USER}getUser.json`, () => ok({ ...DEMO_USER, wxBound }))
      .on('GET', `${USER}unbindWxRelation.json`, () => {
        wxBound = false;
        return ok({ wxBound: false });
      });
    renderPage(server);
    const area = section('微信绑定');
    fireEvent.click(await within(area).findByRole('button', { name: '解除绑定' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(server.to(`${USER}unbindWxRelation.json`)).toHaveLength(0);
    fireEvent.click(within(area).getByRole('button', { name: '解除绑定' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await within(area).findByText('未绑定微信')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '解除微信绑定' })).toBeNull());
    expect(server.to(`${USER}unbindWxRelation.json`)).toHaveLength(1);
    await waitFor(() => expect((within(area).getByRole('button', { name: '解除绑定' }) as HTMLButtonElement).disabled).toBe(true));
  });
});

describe('安全中心 › 登录记录', () => {
  it('lists time, IP and result and pages on', async () => {
    const server = new FakeServer();
    renderPage(server, DEMO_USER);
    const table = await screen.findByRole('table', { name: '登录记录' });
    expect(await within(table).findByText('2026-11-20 10:00:00')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['2026-11-20 10:00:00', '10.0.0.8', '成功', '密码'],
      ['2026-11-20 09:59:00', '10.0.0.8', '失败', '密码'],
      ['2026-11-19 08:00:00', '10.0.0.9', '已锁定', '短信验证码'],
    ]);
    expect(Object.fromEntries(server.to(`${USER}loginHistory.json`)[0]!.query)).toEqual({ current: '1', pageSize: '10' });
    fireEvent.click(await within(section('登录记录')).findByRole('button', { name: '下一页' }));
    await waitFor(() => expect(Object.fromEntries(server.to(`${USER}loginHistory.json`).at(-1)!.query)).toEqual({ current: '2', pageSize: '10' }));
  });
});
