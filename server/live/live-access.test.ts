import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../testing/api-client';
import type { LiveTestClient } from '../testing/live-client';
import { addScopedUser } from '../testing/scoped-users';
import { startLiveTestServer, type LiveTestServer } from '../testing/live-test-server';
import type { TestServer } from '../testing/test-server';
import { LIVE_OWN_REQUEST_REASON } from '../../sdk/live-close';
import { WS_SESSION_CLOSE } from './live-channel';

// The live channel grants what the API grants, and stops the moment the API would refuse.
let fixture: LiveTestServer;
let server: TestServer;
let admin: ApiClient;
let tenantId: number;

const LIST = '/car/v4/api/monitor/list.json';
const SYS = '/car/v1/api/system';
/** 实时监控 of 智能车联. */
const MONITOR = { platformIds: [8], resourceIds: [8001, 8100] };
/** Only 用户管理 of 系统管理: another sub-application. */
const USERS_ONLY = { platformIds: [12], resourceIds: [1220] };

beforeAll(async () => {
  fixture = await startLiveTestServer();
  ({ server, admin, tenantId } = fixture);
});

afterAll(async () => {
  await fixture.close();
});

async function user(account: string, grants: { platformIds: number[]; resourceIds: number[] }): Promise<{ api: ApiClient; userId: number; roleId: number }> {
  const { userId, roleId } = await addScopedUser(server.store, { tenantId, account, password: 'Start@123', role: `角色 ${account}`, ...grants });
  const api = new ApiClient(server.app);
  expect((await api.login(account, 'Start@123')).flag).toBe(1);
  return { api, userId, roleId };
}

const live = (api: ApiClient): Promise<LiveTestClient> => fixture.live(api);

describe('the live channel ends with the session, at once', () => {
  it('closes the sockets when the user changes the password: quietly that of the page that changed it', async () => {
    const { api } = await user('live_pw', MONITOR);
    const elsewhere = new ApiClient(server.app);
    expect((await elsewhere.login('live_pw', 'Start@123')).flag).toBe(1);
    const [ws, other] = await Promise.all([live(api), live(elsewhere)]);
    const changed = await api.postJson(`/car/v1/api/user/updateUserPassword.json`, { oldPassword: 'Start@123', newPassword: 'Changed@123' });
    expect(changed.flag).toBe(1);
    // the page that changed it says 密码已修改 itself; any other page is told its session ended
    expect(await ws.closed).toEqual({ code: WS_SESSION_CLOSE, reason: LIVE_OWN_REQUEST_REASON });
    expect(await other.closed).toEqual({ code: WS_SESSION_CLOSE, reason: 'session' });
    expect(other.messages).toContainEqual({ type: 'error', flag: 4010, msg: '会话过期' });
  }, 10_000);

  it('closes the socket when an administrator disables the user', async () => {
    const { api, userId } = await user('live_disabled', MONITOR);
    const ws = await live(api);
    expect((await admin.postJson(`${SYS}/user/setDisabled.json`, { userId, disabled: true })).flag).toBe(1);
    expect((await ws.closed).code).toBe(WS_SESSION_CLOSE);
  }, 10_000);

  it('closes the socket when an administrator resets the password', async () => {
    const { api, userId } = await user('live_reset', MONITOR);
    const ws = await live(api);
    expect((await admin.postJson(`${SYS}/user/resetPassword.json`, { userId, password: 'Reset@1234' })).flag).toBe(1);
    expect((await ws.closed).code).toBe(WS_SESSION_CLOSE);
  }, 10_000);

  it('closes the socket of a session that logged out, and leaves the user\'s other sessions open', async () => {
    const { api } = await user('live_logout', MONITOR);
    const other = new ApiClient(server.app);
    expect((await other.login('live_logout', 'Start@123')).flag).toBe(1);
    const [ws, stays] = await Promise.all([live(api), live(other)]);
    await api.postJson('/oauth/logout', {});
    expect((await ws.closed).code).toBe(WS_SESSION_CLOSE);
    await stays.drained();
    expect(stays.socket.readyState).toBe(stays.socket.OPEN);
  }, 10_000);
});

describe('an access change announced by another instance', () => {
  it('closes the socket this instance holds', async () => {
    const { api, userId } = await user('live_elsewhere', MONITOR);
    const ws = await live(api);
    // another instance stored the change and announced it on the bus (with NATS every instance hears it)
    await server.store.users.setDisabled(userId, true);
    server.fleet.bus.publish({ type: 'access', tenantId, userIds: [userId] });
    expect((await ws.closed).code).toBe(WS_SESSION_CLOSE);
  }, 10_000);
});

describe('the live channel grants what the API grants', () => {
  it('sends positions only to a role that may read the monitor list, and applies a role change at once', async () => {
    const monitor = await user('live_monitor', MONITOR);
    const outsider = await user('live_outsider', USERS_ONLY);
    expect((await outsider.api.get(LIST)).flag).toBe(403);
    expect((await monitor.api.get(LIST)).flag).toBe(1);
    const [watching, barred] = await Promise.all([live(monitor.api), live(outsider.api)]);
    expect((watching.of('snapshot')[0]!.list as unknown[]).length).toBeGreaterThan(0);
    expect(barred.of('snapshot')[0]!.list).toEqual([]);

    fixture.report();
    await watching.until((m) => m.some((x) => x.type === 'positions'), 5000, 'positions for the monitor role');
    await barred.drained();
    expect(barred.of('positions')).toEqual([]);

    // the outsider's role is given the monitor: its open socket gets positions without reconnecting
    const updated = await admin.postJson(`${SYS}/role/update.json`, { id: outsider.roleId, name: '角色 live_outsider', platformIds: [8, 12], resourceIds: [8001, 8100, 1220] });
    expect(updated.flag).toBe(1);
    expect((await outsider.api.get(LIST)).flag).toBe(1);
    await barred.drained();
    fixture.report();
    await barred.until((m) => m.some((x) => x.type === 'positions'), 5000, 'positions after the grant');
  }, 20_000);

  it('sends alarms only to a role that may read the alarm list', async () => {
    const monitor = await user('live_alarm_no', MONITOR);
    const alarms = await user('live_alarm_yes', { platformIds: [8], resourceIds: [8001, 8100, 8300] });
    const [without, withAlarms] = await Promise.all([live(monitor.api), live(alarms.api)]);
    const alarm = { id: 1, terminalNo: '013800000001' } as never;
    server.fleet.bus.publish({ type: 'alarm', tenantId, groupId: null, event: 'start', alarm });
    await withAlarms.until((m) => m.some((x) => x.type === 'alarm'), 5000, 'alarm for the alarm role');
    await without.drained();
    expect(without.of('alarm')).toEqual([]);
  }, 20_000);
});
