import { verifyPassword } from '../../auth/password-hasher';
import { CommandStatus } from '../../commands/command-state';
import { COMMAND_TYPES, commandDefinition, type CommandDefinition, type CommandType } from '../../commands/command-types';
import { toCommandView } from '../../commands/command-view';
import type { CommandTarget } from '../../store/command-queries';
import type { AccessScope } from '../../store/scope-queries';
import type { AppDeps } from '../app-deps';
import { badInput, forbidden, notFound } from '../envelope';
import { terminalNoParam } from '../monitor/monitor-item';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, text } from '../schema-helpers';

/** 指令下发 menu (the command list), its 下发指令 and 危险指令 buttons. */
export const COMMAND_MENU = 8400;
export const COMMAND_SEND = 840001;
export const COMMAND_DANGEROUS = 840002;
const MAX_TERMINALS = 500;

const terminalNos = { type: 'array', title: '终端号', minItems: 1, maxItems: MAX_TERMINALS, items: text('终端号', 20) };
const commandType = { type: 'string', title: '指令类型', enum: [...COMMAND_TYPES] };

/**
 * The caller's terminals among `numbers` (normalised, duplicates dropped, order kept). A number the
 * caller may not see — another tenant's, outside the caller's groups, or unknown — is 404.
 */
export async function resolveTargets(deps: AppDeps, scope: AccessScope, numbers: readonly string[]): Promise<CommandTarget[]> {
  // a JT/T 808 number is stored without its zero padding, a device's IMEI exactly as it is
  const forms = (n: string) => [terminalNoParam(n), n.trim()];
  const found = new Map((await deps.store.commands.targets(scope, [...new Set(numbers.flatMap(forms))])).map((t) => [t.terminalNo, t]));
  const targets: CommandTarget[] = [];
  for (const n of numbers) {
    const target = forms(n).map((f) => found.get(f)).find((t) => t !== undefined);
    if (!target) throw notFound(`终端 ${n.trim()} 不存在`);
    if (!targets.includes(target)) targets.push(target);
  }
  return targets;
}

function parseParams(def: CommandDefinition, params: Record<string, unknown> | undefined): Record<string, unknown> {
  const parsed = def.parse(params ?? {});
  if (!parsed.ok) throw badInput(parsed.msg);
  return parsed.params;
}

export const checkCommandTerminalsRoute = sessionRoute<Record<string, never>, { terminalNos: string[]; commandType: CommandType }>({
  method: 'POST',
  url: '/car/v1/api/command/checkCommandDownBatchTer.json',
  summary: '指令下发前检查：所选终端是否在线、是否支持该指令、能否立即下发',
  resource: COMMAND_SEND,
  schema: { body: object({ terminalNos, commandType }, ['terminalNos', 'commandType']) },
  handler: async ({ body, deps, scope }) => {
    const def = commandDefinition(body.commandType);
    const targets = await resolveTargets(deps, await scope(), body.terminalNos);
    return targets.map((t) => {
      const unsupported = def.unsupported(t);
      const reason = unsupported ?? (t.connected ? null : '终端离线，上线后下发');
      return {
        terminalNo: t.displayNo, plateNo: t.plateNo, online: t.connected, supported: unsupported === undefined,
        canSend: reason === null, reason,
      };
    });
  },
});

interface SendBody {
  terminalNos: string[];
  commandType: CommandType;
  params?: Record<string, unknown>;
  password?: string;
}

export const sendCommandsRoute = sessionRoute<Record<string, never>, SendBody>({
  method: 'POST',
  url: '/car/v1/api/command/commandDownBatch.json',
  summary: '批量下发指令；离线终端的指令待发送，上线后下发（危险指令需 840002 权限与登录密码）',
  resource: COMMAND_SEND,
  schema: {
    body: object({ terminalNos, commandType, params: { type: 'object', title: '指令参数' }, password: text('登录密码', 100) }, ['terminalNos', 'commandType']),
  },
  handler: async ({ body, deps, user, scope, audit }) => {
    const def = commandDefinition(body.commandType);
    const params = parseParams(def, body.params);
    const targets = await resolveTargets(deps, await scope(), body.terminalNos);
    const refused = targets.find((t) => def.unsupported(t));
    if (refused) throw badInput(`终端 ${refused.displayNo} ${def.unsupported(refused)}`);
    if (def.dangerous) {
      if (!(await deps.store.catalogue.roleHasResource(user.roleId, COMMAND_DANGEROUS))) throw forbidden('没有下发危险指令的权限');
      if (!body.password) throw badInput('请输入登录密码');
      if (!(await verifyPassword(body.password, user.passwordHash))) throw badInput('密码错误');
    }
    const fleet = deps.fleet;
    if (!fleet) throw new Error('the command service is not running');
    const batch = await fleet.commands.submit({ targets, commandType: def.type, params, user: { id: user.id, account: user.account } });
    const numbers = targets.map((t) => t.displayNo);
    await audit({
      action: '下发指令',
      target: `${def.name} ${numbers.length > 3 ? `${numbers.slice(0, 3).join('、')} 等 ${numbers.length} 个终端` : numbers.join('、')}`,
      after: { batchId: batch.batchId, commandType: def.type, params, terminalNos: numbers },
    });
    return batch;
  },
});

export const commandListRoute = sessionRoute<{ current: number; pageSize: number; batchId?: string; terminalNo?: string; status?: number }>({
  method: 'GET',
  url: '/car/v1/api/command/list.json',
  summary: '指令记录（可见终端的指令，最新在前；可按批次、终端、状态筛选）',
  resource: COMMAND_MENU,
  schema: {
    querystring: object({
      ...pagingProperties,
      batchId: text('批次号', 64),
      terminalNo: text('终端号', 20),
      status: int('状态', CommandStatus.Pending, CommandStatus.TimedOut),
    }),
  },
  handler: async ({ query, deps, scope }) => {
    const terminalNo = query.terminalNo?.trim() ? terminalNoParam(query.terminalNo) : undefined;
    const page = await deps.store.commands.page(await scope(), {
      ...pageOffset(query), batchId: query.batchId?.trim() || undefined, terminalNo, status: query.status,
    });
    return { total: page.total, list: page.list.map(toCommandView) };
  },
});
