import { defineEndpoint } from '../endpoint';
import type { HealthLine, HealthPerson, HealthSeries } from '../health';
import { int, object, pagingProperties, requiredText, text } from '../json-schema';

const HEALTH = '/car/v4/api/card/health';

/** 智能工牌: 健康 (a person's readings over a day) and 健康报表 (everyone's day in figures). */
export const CardApi = {
  healthPeople: defineEndpoint<{ keyword?: string }, undefined, HealthPerson[]>({
    method: 'GET',
    path: `${HEALTH}/people.json`,
    summary: '有工牌的人员（姓名、工号、部门），供健康页选择',
    query: object({ keyword: text('关键词', 50) }),
  }),
  healthSeries: defineEndpoint<{ vehicleId: number; day: string }, undefined, HealthSeries>({
    method: 'GET',
    path: `${HEALTH}/series.json`,
    summary: '一个人一天的心率、血压、血氧、体温和步数（工牌上报的读数，按时间），及对此人生效的健康阈值（本人 > 部门 > 本租户）',
    query: object({ vehicleId: int('人员', 1), day: requiredText('日期', 10) }, ['vehicleId', 'day']),
  }),
  healthReport: defineEndpoint<{ day: string; keyword?: string; current: number; pageSize: number }, undefined, { total: number; list: HealthLine[] }>({
    method: 'GET',
    path: `${HEALTH}/report.json`,
    summary: '健康报表：每人一天的心率、血压、血氧、体温的最低/最高/平均，最多步数，读数次数和健康告警数，分页',
    query: object({ day: requiredText('日期', 10), keyword: text('关键词', 50), ...pagingProperties }, ['day']),
  }),
};
