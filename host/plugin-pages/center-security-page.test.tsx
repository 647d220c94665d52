import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceProvider } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, flag, ok } from '../../core/test/fake-server';
import SecurityPage from '../../plugins/center/pages/security-page';
import { DEMO_USER, logIn } from '../test/app-harness';

/**
 * The one case of 安全中心 the real server cannot answer: it refuses no privacy switch the page
 * sends. The page's other tests run against the real server (plugins/center/pages/security-page.test.tsx).
 */
const USER = '/car/v1/api/user/';

beforeEach(() => {
  localStorage.clear();
  logIn();
});

describe('安全中心 › 隐私设置', () => {
  it('puts a privacy switch back when the server refuses it', async () => {
    const server = new FakeServer()
      .on('GET', `${USER}getUser.json`, ok({ ...DEMO_USER, privacy: { hidePhone: false, hideEmail: false } }))
      .on('GET', `${USER}loginHistory.json`, ok({ total: 0, list: [] }))
      .on('POST', `${USER}updatePrivacy.json`, flag(400, '隐私设置不能为空'));
    render(
      <ServiceProvider container={createKernel({ httpAdapter: server.adapter })}>
        <SecurityPage />
      </ServiceProvider>,
    );
    const area = screen.getByRole('region', { name: '隐私设置' });
    const emailSwitch = (await within(area).findByRole('switch', { name: /隐藏我的邮箱/ })) as HTMLInputElement;
    fireEvent.click(emailSwitch);
    expect(await within(area).findByText('隐私设置不能为空')).toBeTruthy();
    await waitFor(() => expect(emailSwitch.checked).toBe(false));
    expect(server.to(`${USER}updatePrivacy.json`)[0]!.body).toEqual({ hideEmail: true });
  });
});
