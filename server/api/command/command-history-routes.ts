import { listWords, MIXED_ASSET_WORDS } from '../../../sdk/asset-vocabulary';
import { describeCommandParams, describeCommandResult, type CommandListFilter } from '../../../sdk/services/command-api';
import { toCommandView, type CommandView } from '../../commands/command-view';
import type { CommandFilter } from '../../store/command-queries';
import { terminalNoParam } from '../monitor/monitor-item';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { CommandApi } from '../../../sdk/contracts/command';
import { buildSheet, EXPORT_ROW_LIMIT, sendSheet, sheetFileName } from '../admin/admin-sheet';
import { COMMAND_MENU } from './command-targets';

type HistoryFilter = CommandListFilter;

function historyFilter(f: HistoryFilter): Omit<CommandFilter, 'offset' | 'limit'> {
  return { batchId: f.batchId?.trim() || undefined, terminalNo: f.terminalNo?.trim() ? terminalNoParam(f.terminalNo) : undefined, status: f.status };
}

export const commandListRoute = sessionRoute.of(CommandApi.list, {
  resource: COMMAND_MENU,
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

export const commandExportRoute = sessionRoute.of(CommandApi.export, {
  resource: COMMAND_MENU,
  raw: true,
  handler: async ({ body, deps, scope, reply }) => {
    const page = await deps.store.commands.page(await scope(), { offset: 0, limit: EXPORT_ROW_LIMIT, ...historyFilter(body) });
    const list = page.list.map(toCommandView);
    return sendSheet(reply, sheetFileName('指令记录', deps.clock.now()), await buildSheet('指令记录', columns(list), list));
  },
});
