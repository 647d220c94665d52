import { toChinaIso } from '../time/china-time';
import type { CommandRow } from '../store/command-queries';
import { COMMAND_STATUS_TEXT, type CommandStatus } from './command-state';
import { commandName } from './command-types';

/** A command as the API and the live channel show it (docs/api-contract.md `Command`). */
export interface CommandView {
  id: number;
  batchId: string;
  terminalNo: string;
  plateNo: string | null;
  /** The kind of the asset its terminal is bound to: vehicle, person, pet, ebike; null for none. */
  assetKind: string | null;
  commandType: string;
  /** Its name as the asset's kind calls it (an e-bike's 断电/恢复供电). */
  commandName: string;
  params: Record<string, unknown>;
  status: CommandStatus;
  statusText: string;
  account: string;
  createTime: string;
  sendTime: string | null;
  resultTime: string | null;
  /** The terminal's answer `{code, text, position?}`, or why the command ended without one `{text}`. */
  result: Record<string, unknown> | null;
}

export function toCommandView(row: CommandRow): CommandView {
  const status = row.status as CommandStatus;
  return {
    id: row.id,
    batchId: row.batchId,
    terminalNo: row.displayNo,
    plateNo: row.plateNo,
    assetKind: row.assetKind,
    commandType: row.commandType,
    commandName: commandName(row.commandType, row.assetKind),
    params: row.params,
    status,
    statusText: COMMAND_STATUS_TEXT[status] ?? String(row.status),
    account: row.account,
    createTime: toChinaIso(row.createdAt),
    sendTime: row.sendTime ? toChinaIso(row.sendTime) : null,
    resultTime: row.resultTime ? toChinaIso(row.resultTime) : null,
    result: row.result,
  };
}
