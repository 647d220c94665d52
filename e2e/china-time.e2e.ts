/**
 * An operator whose browser runs on New York time (a laptop abroad) sees and types China time:
 * 告警中心 shows an SOS at the time the server wrote (+08:00), and a 历史告警 range typed as the
 * China hour of it finds it. Runs its own server; the terminal registers itself into 天路演示.
 */
import { describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { shows } from './expect-ui';
import { serverWithSosTerminal, SOS } from './sos-terminal';

const rig = serverWithSosTerminal('china-time-e2e-server', '013900000066');
const HISTORY = '/car/v1/accelerate/report/alarm/newQueryAlarm';

describe('China time in a browser abroad', () => {
  test('告警中心 shows and queries an SOS in China time on a New York browser', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: rig.server.baseUrl, timezoneId: 'America/New_York' })).newPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    const historyQueries: URLSearchParams[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === HISTORY) historyQueries.push(url.searchParams);
    });
    await login(page, ADMIN);
    await rig.report(SOS);

    await page.goto('/car/alarm');
    const table = page.getByRole('table', { name: '实时告警' });
    await shows(table.getByRole('row').filter({ hasText: '紧急报警' }), 'the SOS in 实时告警', 20_000);
    // what the server wrote: China time with its offset
    const startTime = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('main_USER') ?? '{}') as { userId: number };
      const headers = { sessionId: JSON.parse(localStorage.getItem('main_sessionId') ?? '""') as string, userId: String(user.userId) };
      const res = await fetch('/car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json?current=1&pageSize=10', { headers });
      return ((await res.json()) as { obj: { list: { alarmName: string; startTime: string }[] } }).obj.list.find((a) => a.alarmName === '紧急报警')?.startTime;
    });
    expect(startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    const chinaClock = startTime!.slice(5, 19).replace('T', ' '); // MM-DD HH:mm:ss
    await shows(table.getByRole('row').filter({ hasText: '紧急报警' }).getByText(chinaClock, { exact: true }), `the start time ${chinaClock} (China time)`);

    // the hour typed into 历史告警 is an hour on the China clock
    await page.getByRole('tab', { name: '历史告警' }).click();
    const search = page.getByRole('search', { name: '历史告警查询' });
    const hour = startTime!.slice(0, 13); // YYYY-MM-DDTHH
    await search.getByLabel('开始时间').fill(`${hour}:00`);
    await search.getByLabel('结束时间').fill(`${hour}:59`);
    await search.getByRole('button', { name: '查询' }).click();
    await expect
      .poll(() => historyQueries.map((q) => [q.get('start'), q.get('end')]).at(-1), { timeout: 10_000 })
      .toEqual([`${hour}:00:00+08:00`, `${hour}:59:59+08:00`]);
    const history = page.getByRole('table', { name: '历史告警' });
    await shows(history.getByRole('row').filter({ hasText: '紧急报警' }).getByText(chinaClock, { exact: true }), 'the SOS in 历史告警 at its China time', 15_000);
  });
});
