import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardApi, chinaDay, chinaDayRange, HttpService, MonitorApi, type HttpService as Http } from '@tianlu/sdk';
import { DEMO_ADMIN, OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { provisionBadgeWearers } from '../testing/badge-wearers';
import { healthSeriesAhead, personStaysAhead, prefetchBadgePeople } from './badge-people-query';

const PEOPLE = CardApi.healthPeople.path;

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  await provisionBadgeWearers(kit.server.store, ['董明辉', '李娜'], '8687100400004');
});

afterAll(() => kit?.close());

describe('a 人员 page asked ahead by its route', () => {
  it("asks the people, then today's figures of the first of them as the page would open on", async () => {
    for (const [next, endpoint] of [[healthSeriesAhead, CardApi.healthSeries], [personStaysAhead, CardApi.personStays]] as const) {
      await kit.askAhead((get) => prefetchBadgePeople(get, next), [PEOPLE, endpoint.path]);
      const first = (kit.requests(PEOPLE)[0]!.answer as { id: number }[])[0]!;
      expect(kit.requests(endpoint.path).map((r) => r.query)).toEqual([{ vehicleId: String(first.id), day: chinaDay() }]);
    }
  });

  it("asks 轨迹回放's track of the day beside the stays, of the badge the stays name, as the page will ask it", async () => {
    const kernel = await kit.askAhead((get) => prefetchBadgePeople(get, personStaysAhead), [PEOPLE, CardApi.personStays.path, MonitorApi.track.path]);
    const stays = kit.requests(CardApi.personStays.path)[0]!.answer as { terminalNo: string };
    expect(stays.terminalNo).toMatch(/^8687100400004/);
    expect(kit.requests(MonitorApi.track.path).map((r) => r.query)).toEqual([{ terminalNo: stays.terminalNo, ...chinaDayRange(chinaDay()) }]);
    // the page's own asks take those answers: nothing is asked twice
    const first = (kit.requests(PEOPLE)[0]!.answer as { id: number }[])[0]!;
    const http = kernel.get<Http>(HttpService);
    await http.call(CardApi.personStays, { vehicleId: first.id, day: chinaDay() });
    await http.call(MonitorApi.track, { terminalNo: stays.terminalNo, ...chinaDayRange(chinaDay()) });
    expect(kit.requests(CardApi.personStays.path)).toHaveLength(1);
    expect(kit.requests(MonitorApi.track.path)).toHaveLength(1);
  });

  it("opened again, asks the track of the badge the person's stays named the last time beside the stays, not after them", async () => {
    const kernel = await kit.askAhead((get) => prefetchBadgePeople(get, personStaysAhead), [PEOPLE, CardApi.personStays.path, MonitorApi.track.path]);
    const first = (kit.requests(PEOPLE)[0]!.answer as { id: number }[])[0]!;
    const stays = kit.requests(CardApi.personStays.path)[0]!.answer as { terminalNo: string };
    // the page opened takes those answers
    const http = kernel.get<Http>(HttpService);
    await http.call(CardApi.personStays, { vehicleId: first.id, day: chinaDay() });
    await http.call(MonitorApi.track, { terminalNo: stays.terminalNo, ...chinaDayRange(chinaDay()) });
    kit.forget();
    // opened again, the stays' answer does not come: the track of the badge they named is asked all the same
    const held = kit.hold(CardApi.personStays.path);
    const asked = personStaysAhead(http, first.id, chinaDay());
    await expect.poll(() => kit.requests(MonitorApi.track.path).map((r) => r.query)).toEqual([{ terminalNo: stays.terminalNo, ...chinaDayRange(chinaDay()) }]);
    held.release();
    await asked;
    // the stays name the same badge: its track is not asked again, and the page's own ask takes the answer
    await http.call(MonitorApi.track, { terminalNo: stays.terminalNo, ...chinaDayRange(chinaDay()) });
    expect(kit.requests(MonitorApi.track.path)).toHaveLength(1);
  });

  it("opened again in the session, asks the figures of the person first the last time beside the people, not after them", async () => {
    const kernel = await kit.askAhead((get) => prefetchBadgePeople(get, healthSeriesAhead), [PEOPLE, CardApi.healthSeries.path]);
    const first = (kit.requests(PEOPLE)[0]!.answer as { id: number }[])[0]!;
    // the page opened takes those answers
    const http = kernel.get<Http>(HttpService);
    await http.call(CardApi.healthPeople);
    await http.call(CardApi.healthSeries, { vehicleId: first.id, day: chinaDay() });
    kit.forget();
    // the people's answer fails this time: what was asked beside it is asked all the same
    kit.failNext(PEOPLE);
    prefetchBadgePeople((token) => kernel.get(token), healthSeriesAhead);
    await expect.poll(() => kit.requests(PEOPLE).map((r) => r.flag)).toEqual([500]);
    await expect.poll(() => kit.requests(CardApi.healthSeries.path).map((r) => r.query)).toEqual([{ vehicleId: String(first.id), day: chinaDay() }]);
  });

  it('asks nothing more when the people cannot be read: a user without 智能工牌, a server failure', async () => {
    for (const [who, fail, flag] of [[OTHER_TENANT, false, 403], [DEMO_ADMIN, true, 500]] as const) {
      const { kernel } = await kit.login(who);
      kit.forget();
      if (fail) kit.failNext(PEOPLE);
      prefetchBadgePeople((token) => kernel.get(token), healthSeriesAhead);
      await expect.poll(() => kit.requests(PEOPLE).map((r) => r.flag)).toEqual([flag]);
      // a request asked after the list's answer has had its own: nothing else was asked
      await kernel.get<Http>(HttpService).call(CardApi.healthPeople, { keyword: '李' }).catch(() => undefined);
      expect(kit.requests(CardApi.healthSeries.path)).toEqual([]);
    }
  });
});
