import type { CommandBatch } from '../command-follower';
import { defineEndpoint } from '../endpoint';
import { int, object, pagingProperties, text } from '../json-schema';
import { EXPORT_ROW_LIMIT } from '../pagination';
import {
  COMMAND_MAX_TERMINALS, CommandStatus, type AvailableCommand, type Command, type CommandListFilter, type CommandPreview, type CommandTerminalCheck,
  type CommandType,
} from '../services/command-api';

const COMMAND = '/car/v1/api/command';

const terminalNos = { type: 'array', title: '终端号', minItems: 1, maxItems: COMMAND_MAX_TERMINALS, items: text('终端号', 20) };
// the platform's types (COMMAND_TYPES) or a contributed type's code (contributes.commandTypes)
const commandType = { type: 'string', title: '指令类型', minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' };
/** A command type as the endpoints take it: the platform's or a contributed one's code. */
type AnyCommandType = CommandType | (string & {});
const filterProperties = {
  batchId: text('批次号', 64),
  terminalNo: text('终端号', 20),
  status: int('状态', CommandStatus.PENDING, CommandStatus.TIMED_OUT),
};

/** 指令下发 (docs/api-contract.md, 指令): what may be sent, the check and preview before, the send, and 指令记录. */
export const CommandApi = {
  available: defineEndpoint<Record<string, never>, { terminalNos: readonly string[] }, AvailableCommand[]>({
    method: 'POST',
    path: `${COMMAND}/availableCommands.json`,
    summary: '所选终端可下发的指令：至少一个终端的型号支持、且调用者有权下发的指令类型，各有几个终端支持',
    body: object({ terminalNos }, ['terminalNos']),
  }),
  check: defineEndpoint<Record<string, never>, { terminalNos: readonly string[]; commandType: AnyCommandType }, CommandTerminalCheck[]>({
    method: 'POST',
    path: `${COMMAND}/checkCommandDownBatchTer.json`,
    summary: '指令下发前检查：所选终端的型号、是否在线、是否支持该指令、能否立即下发',
    body: object({ terminalNos, commandType }, ['terminalNos', 'commandType']),
  }),
  preview: defineEndpoint<Record<string, never>, { terminalNos: readonly string[]; commandType: AnyCommandType; params?: Record<string, unknown> }, CommandPreview>({
    method: 'POST',
    path: `${COMMAND}/previewCommandDownBatch.json`,
    summary: '下发预览（只读，不下发）：将收到指令的终端数、行驶中的数量、跳过的终端及原因（型号不支持、离线、行驶中、无权限）',
    body: object({ terminalNos, commandType, params: { type: 'object', title: '指令参数' } }, ['terminalNos', 'commandType']),
  }),
  send: defineEndpoint<Record<string, never>, { terminalNos: readonly string[]; commandType: AnyCommandType; params?: Record<string, unknown>; password?: string }, CommandBatch>({
    method: 'POST',
    path: `${COMMAND}/commandDownBatch.json`,
    summary: '批量下发指令；离线终端的普通指令待发送，上线后下发（危险指令需 840002 权限与登录密码，只下发给在线终端，行驶中的车辆不断电）',
    body: object({ terminalNos, commandType, params: { type: 'object', title: '指令参数' }, password: text('登录密码', 100) }, ['terminalNos', 'commandType']),
  }),
  list: defineEndpoint<{ current: number; pageSize: number } & CommandListFilter, undefined, { total: number; list: Command[] }>({
    method: 'GET',
    path: `${COMMAND}/list.json`,
    summary: '指令记录（可见终端的指令，最新在前；可按批次、终端、状态筛选）',
    query: object({ ...pagingProperties, ...filterProperties }),
  }),
  /** Answers the spreadsheet itself (`http.downloadBlob`). */
  export: defineEndpoint<Record<string, never>, CommandListFilter, never>({
    method: 'POST',
    path: `${COMMAND}/export.json`,
    summary: `导出指令记录（xlsx，条件同 list.json，最新在前，最多 ${EXPORT_ROW_LIMIT} 行；结果为中文，另列设备原文）`,
    body: object(filterProperties),
  }),
};
