import { CardApi, HttpService, type ServiceGetter } from '@tianlu/sdk';

/** For the routes of the pages with a 人员 picker (useBadgePeople): asks the people wearing a badge now. */
export function prefetchBadgePeople(get: ServiceGetter): void {
  get(HttpService).prefetch(CardApi.healthPeople);
}
