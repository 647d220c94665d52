import { maskMobile } from '../../../sdk/lease';
import { kindsWithFullPhones, notFound, sessionRoute } from '../../../server/module';
import { toChinaIso } from '../../../sdk/china-time';
import type { PersonDetail } from '../../../sdk/attendance';
import { CardApi } from '../../../sdk/contracts/card';
import { cardOf } from './card-services';

/** 人员监控. */
const MONITOR_RESOURCE = 1102;
/** Readings older than this are not "last readings" any more. */
const READINGS_DAYS = 7;

export const personDetailRoute = sessionRoute.of(CardApi.personDetail, {
  resource: MONITOR_RESOURCE,
  handler: async (ctx): Promise<PersonDetail> => {
    const { query, deps } = ctx;
    const no = query.terminalNo.trim();
    const person = (await deps.store.people.list(await ctx.scope())).find((p) => p.terminalNo === no || p.terminalNo === no.replace(/^0+/, ''));
    if (!person || person.terminalId === null) throw notFound('人员不存在');
    const since = new Date(deps.clock.now().getTime() - READINGS_DAYS * 86_400_000);
    const latest = await cardOf(deps).healthReadings.latest(person.terminalId, since);
    const phone = (await kindsWithFullPhones(ctx)).has('person') ? person.phone : maskMobile(person.phone);
    return {
      vehicleId: person.vehicleId, name: person.name, employeeNo: person.employeeNo, department: person.department, phone, photo: person.photo,
      terminalNo: person.terminalNo,
      readings: Object.fromEntries(Object.entries(latest).map(([k, v]) => [k, { value: v.value, time: toChinaIso(v.time) }])),
    };
  },
});
