import { listWords, MIXED_ASSET_WORDS } from '../../../sdk/asset-vocabulary';
import { describeCommandParams, describeCommandResult, type CommandListFilter } from '../../../sdk/services/command-api';
import { CommandStatus } from '../../commands/command-state';
import { toCommandView, type CommandView } from '../../commands/command-view';
import type { CommandFilter } from '../../store/command-queries';
import { terminalNoParam } from '../monitor/monitor-item';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, text } from '../schema-helpers';
import { buildSheet, EXPORT_ROW_LIMIT, sendSheet, sheetFileName } from '../system/admin-sheet';
import { COMMAND_MENU } from './command-targets';

type HistoryFilter = CommandListFilter;

const filterProperties = {
  batchId: text('批次号', 64),
  terminalNo: text('终端号', 20),
  status: int('状态', CommandStatus.Pending, CommandStatus.TimedOut),
};

function historyFilter(f: HistoryFilter): Omit<CommandFilter, 'offset' | 'limit'> {
  return { batchId: f.batchId?.trim() || undefined, terminalNo: f.terminalNo?.trim() ? terminalNoParam(f.terminalNo) : undefined, status: f.status };
}

export const commandListRoute = sessionRoute<{ current: number; pageSize: number } & HistoryFilter>({
  method: 'GET',
  url: '/car/v1/api/command/list.json',
  summary: '指令记录（可见终端的指令，最新在前；可按批次、终端、状态筛选）',
  resource: COMMAND_MENU,
  schema: { querystring: object({ ...pagingProperties, ...filterProperties }) },
  handler: async ({ query, deps, scope }) => {
    const page = await deps.store.commands.page(await scope(), { ...pageOffset(query), ...historyFilter(query) });
    return { total: page.total, list: page.list.map(toCommandView) };
  },
});

/** The sheet's columns; the name column is headed as on screen: the rows' one kind's word, 名称 when they mix or are none. */
const columns = (list: readonly CommandView[]) => [
  { header: '下发时间', width: 26, value: (c: CommandView) => c.createTime },
  { header: listWords(list.map((c) => c.assetKind), MIXED_ASSET_WORDS).nameLabel, width: 14, value: (c: CommandView) => c.plateNo ?? '' },
  { header: '终端号', width: 18, value: (c: CommandView) => c.terminalNo },
  { header: '指令', width: 14, value: (c: CommandView) => c.commandName },
  { header: '参数', width: 20, value: (c: CommandView) => describeCommandParams(c.commandType, c.params, c.assetKind) },
  { header: '状态', width: 8, value: (c: CommandView) => c.statusText },
  { header: '结果', width: 30, value: (c: CommandView) => describeCommandResult(c.result).text },
  { header: '设备原文', width: 36, value: (c: CommandView) => describeCommandResult(c.result).raw ?? '' },
  { header: '下发人', width: 12, value: (c: CommandView) => c.account },
  { header: '发送时间', width: 26, value: (c: CommandView) => c.sendTime ?? '' },
  { header: '应答时间', width: 26, value: (c: CommandView) => c.resultTime ?? '' },
  { header: '批次号', width: 34, value: (c: CommandView) => c.batchId },
];

export const commandExportRoute = sessionRoute<unknown, HistoryFilter>({
  method: 'POST',
  url: '/car/v1/api/command/export.json',
  summary: `导出指令记录（xlsx，条件同 list.json，最新在前，最多 ${EXPORT_ROW_LIMIT} 行；结果为中文，另列设备原文）`,
  resource: COMMAND_MENU,
  raw: true,
  schema: { body: object(filterProperties) },
  handler: async ({ body, deps, scope, reply }) => {
    const page = await deps.store.commands.page(await scope(), { offset: 0, limit: EXPORT_ROW_LIMIT, ...historyFilter(body) });
    const list = page.list.map(toCommandView);
    return sendSheet(reply, sheetFileName('指令记录', deps.clock.now()), await buildSheet('指令记录', columns(list), list));
  },
});
