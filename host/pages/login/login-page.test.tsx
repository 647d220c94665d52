import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthApi } from '@tianlu/sdk';
import { DEMO_USER, flag, ok, renderApp, shellServer } from '../../test/app-harness';
import { usesLegacyLogin } from './login-paths';

function fillAndSubmit(account: string, password: string) {
  fireEvent.change(screen.getByLabelText('账号'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('login page', () => {
  it('labels the fields 账号 and 密码 and shows the server message on wrong credentials', async () => {
    const server = shellServer().on('POST', '/oauth/v4/token', flag(400, '账号或密码错误', { needCode: false }));
    renderApp('/login', server);
    await screen.findByLabelText('账号');
    fillAndSubmit('admin', 'wrong');
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    const body = server.to('/oauth/v4/token')[0]!.body as Record<string, string>;
    expect(body.account).toBe('admin');
    expect(body.pageId).toBe('p1');
    // The password leaves the browser encrypted with the page key.
    expect(body.password).not.toBe('wrong');
  });

  it('asks for the image code once the server wants it', async () => {
    let attempts = 0;
    const server = shellServer()
      .on('POST', '/oauth/v4/token', flag(400, '账号或密码错误', { needCode: true }))
      .on('GET', '/oauth/loginPage', () => ok({ pageId: `p${++attempts}`, key: 'k', needCode: attempts > 1 }))
      .on('GET', AuthApi.imageCode.path, ok({ image: 'data:image/svg+xml,<svg/>' }));
    renderApp('/login', server);
    await screen.findByLabelText('账号');
    expect(screen.queryByLabelText('验证码')).toBeNull();
    fillAndSubmit('admin', 'wrong');
    expect(await screen.findByLabelText('验证码')).toBeTruthy();
    expect(await screen.findByAltText('图片验证码')).toBeTruthy();
  });

  it('uses the form’s first key when 登录 is pressed before that key arrived', async () => {
    const server = shellServer().on('POST', '/oauth/v4/token', flag(400, '账号或密码错误', { needCode: false }));
    let answerFirstKey = () => {};
    const firstKeyAsked = new Promise<void>((asked) => {
      let calls = 0;
      server.on('GET', '/oauth/loginPage', () => {
        calls += 1;
        if (calls > 1) return ok({ pageId: `p${calls}`, key: 'k', needCode: false });
        asked();
        return new Promise((answer) => (answerFirstKey = () => answer(ok({ pageId: 'p1', key: 'k1', needCode: false }))));
      });
    });
    renderApp('/login', server);
    await screen.findByLabelText('账号');
    await firstKeyAsked;
    fillAndSubmit('admin', 'wrong');
    answerFirstKey();
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    expect((server.to('/oauth/v4/token')[0]!.body as Record<string, string>).pageId).toBe('p1');
  });

  it('goes to /home after a successful login', async () => {
    const server = shellServer().on('POST', '/oauth/v4/token', ok({ sessionId: 's-9', userId: DEMO_USER.userId }));
    renderApp('/login', server);
    await screen.findByLabelText('账号');
    fillAndSubmit('admin', 'Admin@123');
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
    expect(await screen.findByText('我的应用')).toBeTruthy();
  });

  it('uses the newer page (账号登录 / 短信登录) on ordinary hosts', async () => {
    renderApp('/login');
    expect(await screen.findByRole('tab', { name: '短信登录' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '短信登录' }));
    expect(screen.getByLabelText('手机号')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('uses the older page on a legacy host', async () => {
    renderApp('/login', shellServer().on('GET', '/oauthToken/getConfig', ok({ legacyLoginHosts: [window.location.hostname], smsLoginEnabled: false })));
    expect(await screen.findByText('天路 · 用户登录')).toBeTruthy();
    expect(screen.getByLabelText('账号')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.queryByText('短信登录')).toBeNull();
  });

  it('matches legacy hosts by hostname, case-insensitively', () => {
    expect(usesLegacyLogin('Old.Example.com', ['old.example.com'])).toBe(true);
    expect(usesLegacyLogin('new.example.com', ['old.example.com'])).toBe(false);
    expect(usesLegacyLogin('localhost', undefined)).toBe(false);
  });
});
