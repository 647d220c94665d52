import { toAlarm } from '../../alarms/alarm-model';
import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { AlarmApi } from '../../../sdk/contracts/alarm';
import { ALARM_RESOURCE } from './alarm-query-routes';

export const processAlarmRoute = sessionRoute.of(AlarmApi.process, {
  resource: ALARM_RESOURCE,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    const note = body.note.trim();
    if (!note) throw badInput('处理意见不能为空');
    const ids = [...new Set(body.ids)];
    const visible = await deps.store.alarms.idsInScope(await ctx.scope(), ids);
    // one unknown or foreign id and nothing changes
    if (visible.length !== ids.length) throw notFound('告警不存在');
    const processed = await deps.store.alarms.process(ids, note, user.account, deps.clock.now());
    if (processed.length > 0) {
      await ctx.audit({
        action: '处理告警',
        target: `告警 ${processed.map((r) => r.id).join(',')}`,
        before: { status: 0 },
        after: { status: 1, processNote: note },
      });
    }
    for (const row of processed) {
      deps.fleet?.bus.publish({ type: 'alarm', tenantId: row.tenantId, groupId: row.groupId, terminalId: row.terminalId, event: 'processed', alarm: toAlarm(row) });
    }
    return { updated: processed.length };
  },
});
