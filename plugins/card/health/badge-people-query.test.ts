import { describe, expect, it } from 'vitest';
import { CardApi, chinaDay, HttpService, type ServiceGetter } from '@tianlu/sdk';
import { healthSeriesAhead, personStaysAhead, prefetchBadgePeople } from './badge-people-query';

/** An HttpService whose prefetches answer from `answers` (by path), recording what was asked. */
function askedAhead(answers: Record<string, unknown>) {
  const asked: [string, unknown][] = [];
  const http = {
    prefetch: (endpoint: { path: string }, input?: unknown) => {
      asked.push([endpoint.path, input]);
      const obj = answers[endpoint.path];
      return obj instanceof Error ? Promise.reject(obj) : Promise.resolve({ flag: 1, msg: '', obj });
    },
  };
  return { get: ((token: unknown) => (token === HttpService ? http : undefined)) as ServiceGetter, asked };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('a 人员 page asked ahead by its route', () => {
  it("asks the people, then today's figures of the first of them as the page would open on", async () => {
    for (const [next, endpoint] of [[healthSeriesAhead, CardApi.healthSeries], [personStaysAhead, CardApi.personStays]] as const) {
      const { get, asked } = askedAhead({ [CardApi.healthPeople.path]: [{ id: 41, name: '董明辉' }, { id: 42, name: '李娜' }] });
      prefetchBadgePeople(get, next);
      await settled();
      expect(asked).toEqual([[CardApi.healthPeople.path, undefined], [endpoint.path, { vehicleId: 41, day: chinaDay() }]]);
    }
  });

  it('asks nothing more when nobody wears a badge or the list fails', async () => {
    for (const people of [[], new Error('网络异常')]) {
      const { get, asked } = askedAhead({ [CardApi.healthPeople.path]: people });
      prefetchBadgePeople(get, healthSeriesAhead);
      await settled();
      expect(asked).toHaveLength(1);
    }
  });
});
