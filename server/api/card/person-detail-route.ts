import { maskMobile } from '../../../sdk/lease';
import { notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { object, requiredText } from '../schema-helpers';
import { kindsWithFullPhones } from '../system/asset-admin-rules';
import { toChinaIso } from '../../time/china-time';

/** 人员监控. */
const MONITOR_RESOURCE = 1102;
/** Readings older than this are not "last readings" any more. */
const READINGS_DAYS = 7;

export const personDetailRoute = sessionRoute<{ terminalNo: string }>({
  method: 'GET',
  url: '/car/v4/api/card/person/detail.json',
  summary: '人员监控的人员卡片：姓名、工号、部门、手机号（有人员管理编辑权限才完整，否则脱敏）、照片，及最近 7 天内每项健康读数的最新值和时间',
  resource: MONITOR_RESOURCE,
  schema: { querystring: object({ terminalNo: requiredText('终端号', 30) }, ['terminalNo']) },
  handler: async (ctx) => {
    const { query, deps } = ctx;
    const no = query.terminalNo.trim();
    const person = (await deps.store.attendance.people(await ctx.scope())).find((p) => p.terminalNo === no || p.terminalNo === no.replace(/^0+/, ''));
    if (!person || person.terminalId === null) throw notFound('人员不存在');
    const since = new Date(deps.clock.now().getTime() - READINGS_DAYS * 86_400_000);
    const latest = await deps.store.healthReadings.latest(person.terminalId, since);
    const phone = (await kindsWithFullPhones(ctx)).has('person') ? person.phone : maskMobile(person.phone);
    return {
      vehicleId: person.vehicleId, name: person.name, employeeNo: person.employeeNo, department: person.department, phone, photo: person.photo,
      terminalNo: person.terminalNo,
      readings: Object.fromEntries(Object.entries(latest).map(([k, v]) => [k, { value: v.value, time: toChinaIso(v.time) }])),
    };
  },
});
