import { CardApi, chinaDay, chinaDayRange, expectOk, HttpService, MonitorApi, prefetchFirstRow, type ServiceGetter } from '@tianlu/sdk';

/** What a page with a 人员 picker asks first for the person chosen, on `day` (YYYY-MM-DD in China). */
export type PersonAskAhead = (http: HttpService, personId: number, day: string) => Promise<unknown>;

/** 健康's first ask of a person: the day's health series. */
export const healthSeriesAhead: PersonAskAhead = (http, personId, day) => http.prefetch(CardApi.healthSeries, { vehicleId: personId, day });

/** The badge the stays of a person last named, by person: their track is asked beside their stays, not after them. */
const badgeOf = new Map<number, string>();

/**
 * 轨迹回放's first asks of a person: the day's stays at work areas and the day's track of the badge
 * they name (the page asks it with the stays' answer in hand). The track of the badge the stays
 * named the last time is asked beside them; the one they name now, as they arrive, if it is another.
 */
export const personStaysAhead: PersonAskAhead = (http, personId, day) => {
  const askTrack = (terminalNo: string) => void http.prefetch(MonitorApi.track, { terminalNo, ...chinaDayRange(day) }).catch(() => undefined);
  const guess = badgeOf.get(personId);
  if (guess) askTrack(guess);
  return http.prefetch(CardApi.personStays, { vehicleId: personId, day }).then((res) => {
    const { terminalNo } = expectOk(res);
    if (terminalNo) badgeOf.set(personId, terminalNo);
    else badgeOf.delete(personId);
    if (terminalNo && terminalNo !== guess) askTrack(terminalNo);
    return res;
  });
};

/**
 * For the routes of the pages with a 人员 picker (useBadgePeople): asks the people wearing a badge
 * now and, as they arrive, what the page asks first for the first of them today (`next`), which the
 * page then takes as it opens on that person; opened again in the session, that of the person first
 * the last time beside the people (their order rarely changes).
 */
export function prefetchBadgePeople(get: ServiceGetter, next?: PersonAskAhead): void {
  const day = chinaDay();
  prefetchFirstRow(get, {
    key: 'badge-people',
    list: (http) => http.prefetch(CardApi.healthPeople),
    first: (people) => people[0]?.id,
    ahead: (http, personId) => void next?.(http, personId, day).catch(() => undefined),
  });
}
