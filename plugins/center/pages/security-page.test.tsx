import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KernelApi, SecurityApi, ServiceProvider, ToastService, type ServiceGetter } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import SecurityPage from './security-page';
import { prefetchSecurity } from './security/security-query';

const PASSWORD = 'Admin@123';

/** The text messages the server sent, so a test reads the code the phone would have received. */
const sent: { phone: string; text: string }[] = [];
const lastCode = (phone: string) => /(\d{6})/.exec(sent.filter((m) => m.phone === phone).at(-1)?.text ?? '')?.[1] ?? '';

let kit: PageServer;

/** A user of the demo tenant's 管理员 role whose password is the demo admin's. */
async function addUser(account: string, phone: string | null = null): Promise<{ account: string; password: string; id: number }> {
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  const id = await store.users.create({ account, passwordHash: admin.passwordHash, name: account, phone, tenantId: admin.tenantId, roleId: admin.roleId, passwordChangedAt: new Date(0) });
  return { account, password: PASSWORD, id };
}

beforeAll(async () => {
  kit = await startPageServer({ smsProvider: { send: async (phone: string, text: string) => void sent.push({ phone, text }) } });
});

afterAll(() => kit?.close());

const section = (name: string) => screen.getByRole('region', { name });
const input = (area: HTMLElement, label: string) => within(area).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (el: HTMLInputElement, value: string) => fireEvent.change(el, { target: { value } });

describe('安全中心 › 修改密码', () => {
  it('checks the fields before sending and shows the server’s 原密码错误', async () => {
    const who = await addUser('pw_wrong');
    kit.forget();
    await kit.render(<SecurityPage />, who);
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
    expect(kit.requests(SecurityApi.updatePassword.path)).toHaveLength(0);

    type(input(area, '确认新密码'), 'Abc12345');
    fireEvent.click(submit);
    expect(await within(area).findByText('原密码错误')).toBeTruthy();
    expect(kit.requests(SecurityApi.updatePassword.path)[0]).toMatchObject({ body: { oldPassword: 'Old@1234', newPassword: 'Abc12345' }, flag: 400 });
  });

  it('changes the password, says 密码已修改，请重新登录 and logs out: only the new password logs in', async () => {
    const who = await addUser('pw_change');
    kit.forget();
    const { kernel } = await kit.render(<SecurityPage />, who);
    const area = section('修改密码');
    type(input(area, '原密码'), PASSWORD);
    type(input(area, '新密码'), 'Abc12345');
    type(input(area, '确认新密码'), 'Abc12345');
    fireEvent.click(within(area).getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(kit.requests('/oauth/logout')).toHaveLength(1));
    expect(kit.requests(SecurityApi.updatePassword.path)[0]?.flag).toBe(1);
    expect(kernel.get<ToastService>(ToastService).current?.text).toBe('密码已修改，请重新登录');
    expect(localStorage.getItem('main_sessionId')).toBeNull();
    await expect(kit.render(<SecurityPage />, who)).rejects.toThrow('账号或密码错误');
    await kit.render(<SecurityPage />, { account: who.account, password: 'Abc12345' });
  });
});

describe('安全中心 › 手机绑定', () => {
  it('sends a code with a 60 s countdown, then binds the phone', async () => {
    const who = await addUser('phone_user', '13800138001');
    kit.forget();
    await kit.render(<SecurityPage />, who);
    const area = section('手机绑定');
    expect(await within(area).findByText('未验证')).toBeTruthy();
    expect(within(area).getByText('当前手机：138****8001')).toBeTruthy();

    type(input(area, '手机号'), '1234');
    fireEvent.click(within(area).getByRole('button', { name: '获取验证码' }));
    expect(await within(area).findByText('手机号格式不正确')).toBeTruthy();
    expect(kit.requests(SecurityApi.sendSmsCode.path)).toHaveLength(0);

    // 其他公司's administrator has this phone
    type(input(area, '手机号'), '13900139000');
    fireEvent.click(within(area).getByRole('button', { name: '获取验证码' }));
    expect(await within(area).findByText('该手机号已被其他账号绑定')).toBeTruthy();
    expect(within(area).getByRole('button', { name: '获取验证码' })).toBeTruthy();

    type(input(area, '手机号'), '13612345678');
    fireEvent.click(within(area).getByRole('button', { name: '获取验证码' }));
    const resend = await within(area).findByRole('button', { name: '60 秒后重发' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(kit.requests(SecurityApi.sendSmsCode.path).at(-1)).toMatchObject({ body: { phone: '13612345678' }, flag: 1 });
    const code = lastCode('13612345678');
    expect(code).toMatch(/^\d{6}$/);

    type(input(area, '验证码'), '12');
    fireEvent.click(within(area).getByRole('button', { name: '绑定' }));
    expect(await within(area).findByText('请输入 6 位验证码')).toBeTruthy();
    type(input(area, '验证码'), code);
    fireEvent.click(within(area).getByRole('button', { name: '绑定' }));
    expect(await within(area).findByText('已验证')).toBeTruthy();
    expect(within(area).getByText('当前手机：136****5678')).toBeTruthy();
    expect(kit.requests(SecurityApi.phoneCodeVerify.path)[0]).toMatchObject({ body: { phone: '13612345678', code }, flag: 1 });
    expect(await kit.server.store.users.findByAccount('phone_user')).toMatchObject({ phone: '13612345678' });
  });
});

describe('安全中心 › 隐私设置 and 微信绑定', () => {
  it('saves a privacy switch: it stays on after a reload', async () => {
    const who = await addUser('privacy_user');
    kit.forget();
    const page = await kit.render(<SecurityPage />, who);
    const phoneSwitch = (await within(section('隐私设置')).findByRole('switch', { name: /隐藏我的手机号/ })) as HTMLInputElement;
    await waitFor(() => expect(kit.requests(KernelApi.user.path).length).toBeGreaterThan(0));
    expect(phoneSwitch.checked).toBe(false);
    fireEvent.click(phoneSwitch);
    await waitFor(() => expect(kit.requests(SecurityApi.updatePrivacy.path)[0]).toMatchObject({ body: { hidePhone: true }, flag: 1 }));
    await waitFor(() => expect(phoneSwitch.checked).toBe(true));
    page.unmount();
    await kit.render(<SecurityPage />, who);
    await waitFor(() => expect((within(section('隐私设置')).getByRole('switch', { name: /隐藏我的手机号/ }) as HTMLInputElement).checked).toBe(true));
    expect((within(section('隐私设置')).getByRole('switch', { name: /隐藏我的邮箱/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('puts a privacy switch back when the server cannot save it', async () => {
    const who = await addUser('privacy_refused');
    // the database refuses the one write: the server answers its 500 and keeps what was stored
    const write = vi.spyOn(kit.server.store.security, 'setPrivacy').mockRejectedValueOnce(new Error('磁盘已满'));
    kit.forget();
    try {
      await kit.render(<SecurityPage />, who);
      const area = section('隐私设置');
      const emailSwitch = (await within(area).findByRole('switch', { name: /隐藏我的邮箱/ })) as HTMLInputElement;
      await waitFor(() => expect(kit.requests(KernelApi.user.path).length).toBeGreaterThan(0));
      fireEvent.click(emailSwitch);
      await waitFor(() => expect(kit.requests(SecurityApi.updatePrivacy.path)[0]).toMatchObject({ body: { hideEmail: true }, flag: 500 }));
      expect(await within(area).findByText('服务器内部错误')).toBeTruthy();
      await waitFor(() => expect(emailSwitch.checked).toBe(false));
      expect(emailSwitch.disabled).toBe(false);
    } finally {
      write.mockRestore();
    }
    const stored = await kit.server.store.security.profile(who.id);
    expect(stored?.privacy).toEqual({ hidePhone: false, hideEmail: false });
  });

  it('unbinds WeChat only after confirmation', async () => {
    const who = await addUser('wx_user');
    await kit.server.store.db.updateTable('users').set({ wx_open_id: 'wx-openid-page' }).where('id', '=', who.id).execute();
    kit.forget();
    await kit.render(<SecurityPage />, who);
    const area = section('微信绑定');
    expect(await within(area).findByText('已绑定微信，可用微信扫码登录')).toBeTruthy();
    // hidden: on a busy machine Fluent's focus trap (tabster) can leave the page marked aria-hidden
    // around a dialog in jsdom; the controls are there all the same
    const unbind = () => within(area).getByRole('button', { name: '解除绑定', hidden: true }) as HTMLButtonElement;
    fireEvent.click(unbind());
    fireEvent.click(await screen.findByRole('button', { name: '取消', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '解除微信绑定', hidden: true })).toBeNull());
    expect(kit.requests(SecurityApi.unbindWx.path)).toHaveLength(0);
    fireEvent.click(unbind());
    fireEvent.click(await screen.findByRole('button', { name: '确定', hidden: true }));
    expect(await within(area).findByText('未绑定微信')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '解除微信绑定', hidden: true })).toBeNull());
    expect(kit.requests(SecurityApi.unbindWx.path)).toMatchObject([{ flag: 1 }]);
    await waitFor(() => expect(unbind().disabled).toBe(true));
    const row = await kit.server.store.db.selectFrom('users').select('wx_open_id').where('id', '=', who.id).executeTakeFirstOrThrow();
    expect(row.wx_open_id).toBeNull();
  });
});

describe('安全中心 › 登录记录', () => {
  it('lists the user’s own attempts with time, IP and result, newest first, and pages on', async () => {
    const who = await addUser('history_user');
    const other = await addUser('history_other');
    const at = (iso: string) => new Date(iso);
    const base = { tenantId: null, account: who.account };
    // eleven older attempts so that there is a second page, then the three the test reads
    for (let i = 0; i < 11; i++) await kit.server.store.login.recordAttempt({ ...base, userId: who.id, ip: '10.0.0.1', result: 'success', method: 'password', at: at(`2026-11-0${1 + (i % 9)}T08:00:00+08:00`) });
    await kit.server.store.login.recordAttempt({ ...base, userId: who.id, ip: '10.0.0.9', result: 'locked', method: 'sms', at: at('2026-11-19T08:00:00+08:00') });
    await kit.server.store.login.recordAttempt({ ...base, userId: who.id, ip: '10.0.0.8', result: 'failure', method: 'password', at: at('2026-11-20T09:59:00+08:00') });
    await kit.server.store.login.recordAttempt({ ...base, userId: who.id, ip: '10.0.0.8', result: 'success', method: 'password', at: at('2026-11-20T10:00:00+08:00') });
    await kit.server.store.login.recordAttempt({ userId: other.id, tenantId: null, account: other.account, ip: '10.9.9.9', result: 'failure', method: 'password', at: at('2026-11-20T09:00:00+08:00') });
    kit.forget();
    await kit.render(<SecurityPage />, who);
    const table = await screen.findByRole('table', { name: '登录记录' });
    // the first row is the login of this render itself
    expect(await within(table).findByText('2026-11-20 10:00:00')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows[0]).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), '127.0.0.1', '成功', '密码']);
    expect(rows.slice(1, 4)).toEqual([
      ['2026-11-20 10:00:00', '10.0.0.8', '成功', '密码'],
      ['2026-11-20 09:59:00', '10.0.0.8', '失败', '密码'],
      ['2026-11-19 08:00:00', '10.0.0.9', '已锁定', '短信验证码'],
    ]);
    expect(screen.queryByText('10.9.9.9')).toBeNull();
    expect(kit.requests(SecurityApi.loginHistory.path)[0]?.query).toEqual({ current: '1', pageSize: '10' });
    expect(kit.requests(SecurityApi.loginHistory.path)[0]?.answer).toMatchObject({ total: 15 });
    fireEvent.click(await within(section('登录记录')).findByRole('button', { name: '下一页' }));
    await waitFor(() => expect(kit.requests(SecurityApi.loginHistory.path).at(-1)?.query).toEqual({ current: '2', pageSize: '10' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
  });

  it('says why the list failed and reads it again on 重试', async () => {
    const who = await addUser('history_retry');
    kit.forget();
    kit.failNext(SecurityApi.loginHistory.path);
    await kit.render(<SecurityPage />, who);
    const area = section('登录记录');
    expect(await within(area).findByText('服务器内部错误')).toBeTruthy();
    expect(within(area).getByRole('table', { name: '登录记录' }).textContent).toContain('暂无登录记录');
    fireEvent.click(within(area).getByRole('button', { name: '重试' }));
    // the login of this render itself
    expect(await within(area).findByText('成功')).toBeTruthy();
    expect(within(area).queryByText('服务器内部错误')).toBeNull();
    expect(kit.requests(SecurityApi.loginHistory.path).map((r) => r.flag)).toEqual([500, 1]);
  });
});

describe('安全中心 asked ahead by its route', () => {
  it('asks the user and 登录记录’s first page beside the page’s code; the page’s first load takes those answers', async () => {
    const { kernel } = await kit.login(await addUser('ahead_user', '13800005678'));
    kit.forget();
    prefetchSecurity(((token: symbol) => kernel.get(token)) as ServiceGetter);
    const asked = [KernelApi.user.path, SecurityApi.loginHistory.path];
    await waitFor(() => expect(asked.map((path) => kit.requests(path).length)).toEqual([1, 1]));
    render(<ServiceProvider container={kernel}><SecurityPage /></ServiceProvider>);
    const table = await screen.findByRole('table', { name: '登录记录' });
    expect(await within(table).findByText('127.0.0.1')).toBeTruthy();
    expect(within(section('手机绑定')).getByText('当前手机：138****5678')).toBeTruthy();
    // nothing asked a second time
    expect(asked.map((path) => kit.requests(path).length)).toEqual([1, 1]);
  });
});
