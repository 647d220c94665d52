import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CommandCarrier } from '../../sdk/command-carriers';
import {
  badInput,
  defineServerPart,
  forbidden,
  notFound,
  type PartAlarmEvent as SdkAlarmEvent,
  type PartCommandCarrier,
  type PartContext,
  type PartPosition as SdkPosition,
  type PartReadingSource,
  type PartScope,
} from '../../sdk/server';
import type { InstalledModuleContext } from '../module/server-module';
import type { PartAlarmEvent, PartPosition, ReadingSource } from '../module/part-data';
import type { AccessScope } from '../store/scope-queries';
import { readServerPart } from './server-part-shape';

// What `@tianlu/sdk/server` promises a part is what the platform hands it: these fail to compile when the two drift.
describe('@tianlu/sdk/server and the platform', () => {
  it('declares the context, positions, alarm events, reading sources and scope the platform gives', () => {
    expectTypeOf<InstalledModuleContext>().toExtend<PartContext>();
    expectTypeOf<PartPosition>().toExtend<SdkPosition>();
    expectTypeOf<PartAlarmEvent>().toExtend<SdkAlarmEvent>();
    expectTypeOf<ReadingSource>().toExtend<PartReadingSource>();
    expectTypeOf<AccessScope>().toExtend<PartScope>();
    expectTypeOf<PartCommandCarrier>().toEqualTypeOf<CommandCarrier>();
  });

  it('defines a part the platform’s loader accepts, and refuses a name that is no systemId', () => {
    const part = defineServerPart({
      name: 'cold-chain',
      migrations: { '0001-readings': { async up() {} } },
      services: (ctx) => ({ schema: ctx.schema }),
      routes: [{ method: 'GET', url: '/plugins/cold-chain/api/schema.json', summary: '库名', resource: 41001, handler: ({ services }) => services.schema }],
      readings: { 'cold-chain.t1': (p) => p.item(0xe1) },
    });
    const read = readServerPart(part, { systemId: 'cold-chain', resourceIds: new Set([41001]) });
    expect('part' in read && read.part.routes.map((r) => [r.methods, r.url, r.resource])).toEqual([[['GET'], '/plugins/cold-chain/api/schema.json', 41001]]);
    expect(() => defineServerPart({ name: '冷链' })).toThrow('服务端的 name（冷链）必须是插件的 systemId');
  });

  it('gives handlers refusals the platform answers with their flag', () => {
    expect([badInput('下限必须小于上限'), forbidden(), notFound('车辆不存在')].map((e) => [e.flag, e.message])).toEqual([
      [400, '下限必须小于上限'],
      [403, '无权限访问'],
      [404, '车辆不存在'],
    ]);
  });
});
