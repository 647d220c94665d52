import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardApi, chinaDay, HttpService, type HttpService as Http } from '@tianlu/sdk';
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
