import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

const IDLE_MINUTES = 30;
const clock = new ManualClock();
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ demo: true, clock, config: { sessionIdleMinutes: IDLE_MINUTES } });
});
afterAll(() => server.close());

const getUser = (client: ApiClient) => client.get('/car/v1/api/user/getUser.json');

describe('sessions', () => {
  it('answers 4010 without a session, with a made-up one, and with a mismatching userId header', async () => {
    const client = new ApiClient(server.app);
    expect(await getUser(client)).toMatchObject({ flag: 4010, msg: '会话过期' });
    client.sessionId = 'f'.repeat(64);
    expect((await getUser(client)).flag).toBe(4010);

    await client.login('admin', 'Admin@123');
    client.userId = client.userId! + 1000;
    expect((await getUser(client)).flag).toBe(4010);
  });

  it('expires after the idle timeout and stays expired', async () => {
    const client = new ApiClient(server.app);
    await client.login('admin', 'Admin@123');
    clock.advance((IDLE_MINUTES - 1) * 60_000);
    expect((await getUser(client)).flag).toBe(1);
    // Use keeps it alive: another IDLE-1 minutes after the last call is still fine.
    clock.advance((IDLE_MINUTES - 1) * 60_000);
    expect((await getUser(client)).flag).toBe(1);
    clock.advance((IDLE_MINUTES + 1) * 60_000);
    expect(await getUser(client)).toMatchObject({ flag: 4010, msg: '会话过期' });
    expect((await client.get('/car/v1/api/resource/newList.json')).flag).toBe(4010);
  });

  it('ends the session on logout; other sessions of the user keep working', async () => {
    const first = new ApiClient(server.app);
    const second = new ApiClient(server.app);
    await first.login('admin', 'Admin@123');
    await second.login('admin', 'Admin@123');
    expect((await first.get('/oauth/logout')).flag).toBe(1);
    expect((await getUser(first)).flag).toBe(4010);
    expect((await getUser(second)).flag).toBe(1);
    // Logging out twice is harmless.
    expect((await first.get('/oauth/logout')).flag).toBe(1);
  });

  it('ends sessions of a user who gets disabled', async () => {
    const client = new ApiClient(server.app);
    await client.login('other', 'Other@123');
    const user = await server.store.users.findByAccount('other');
    await server.store.users.setDisabled(user!.id, true);
    try {
      expect((await getUser(client)).flag).toBe(4010);
    } finally {
      await server.store.users.setDisabled(user!.id, false);
    }
  });
});
