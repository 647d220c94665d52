import { jt808TerminalNo, type TerminalFields } from '../../../server/module';
import { checkDate, textOf } from './vehicle-fields';

/** JT/T 808 editions a terminal may speak. */
export const EDITIONS = ['2011', '2013', '2019'] as const;

/** What 终端管理 offers as 协议版本: the JT/T 808 editions, GT06 and the watch protocol. */
export const PROTOCOL_EDITIONS = [...EDITIONS, 'gt06', 'watch'] as const;

/** Names operators read and type (imports take either the value or the name). */
export const EDITION_NAMES: Record<(typeof PROTOCOL_EDITIONS)[number], string> = {
  2011: 'JT/T 808-2011', 2013: 'JT/T 808-2013', 2019: 'JT/T 808-2019', gt06: 'GT06', watch: '手表协议',
};

/** The protocol a terminal of this edition speaks. */
export function protocolOfEdition(edition: string): 'jt808' | 'gt06' | 'watch' {
  return edition === 'gt06' || edition === 'watch' ? edition : 'jt808';
}

/** Raw terminal input from a form or a spreadsheet row. */
export interface TerminalInput {
  terminalNo?: unknown;
  imei?: unknown;
  model?: unknown;
  sim?: unknown;
  edition?: unknown;
  installDate?: unknown;
}

/** Checks a terminal's fields and answers them normalised with every problem found, in Chinese. */
export function checkTerminal(input: TerminalInput): { fields: TerminalFields; errors: string[] } {
  const errors: string[] = [];
  const editionText = textOf(input.edition).replace(/^JT\/T\s*808-/i, '');
  const named = Object.entries(EDITION_NAMES).find(([, name]) => name.toLowerCase() === editionText.toLowerCase())?.[0];
  const edition = editionText === '' ? '2013' : named ?? editionText.toLowerCase();
  const known = (PROTOCOL_EDITIONS as readonly string[]).includes(edition);
  if (!known) errors.push('协议版本不正确（2011、2013、2019、GT06 或 手表协议）');
  const protocol = protocolOfEdition(edition);
  const displayNo = textOf(input.terminalNo);
  let imei = textOf(input.imei);
  if (!displayNo) errors.push('终端号不能为空');
  else if (protocol === 'jt808' && !/^\d{11,20}$/.test(displayNo)) errors.push('终端号必须是 11–20 位数字');
  // GT06 and watch devices are known by their IMEI (watches sometimes by a 10-digit id)
  else if (protocol === 'gt06' && !/^\d{15}$/.test(displayNo)) errors.push('GT06 终端号是设备的 IMEI，必须是 15 位数字');
  else if (protocol === 'watch' && !/^(\d{10}|\d{15})$/.test(displayNo)) errors.push('手表协议终端号是设备的 IMEI 或 10 位设备号');
  if (protocol !== 'jt808' && !imei && /^\d{15}$/.test(displayNo)) imei = displayNo;
  if (imei && !/^\d{15}$/.test(imei)) errors.push('IMEI 必须是 15 位数字');
  const sim = textOf(input.sim);
  if (sim && !/^\d{1,20}$/.test(sim)) errors.push('SIM 卡号必须是数字，不超过 20 位');
  const model = textOf(input.model);
  if (model.length > 50) errors.push('终端型号不能超过 50 个字符');
  const install = checkDate(input.installDate, '安装日期');
  if (install.error) errors.push(install.error);
  return {
    fields: {
      // JT/T 808 numbers without their zero padding; an IMEI exactly as the device sends it
      displayNo, terminalNo: protocol === 'jt808' && /^\d+$/.test(displayNo) ? jt808TerminalNo(displayNo) : displayNo,
      imei, model, sim, edition, protocol, installDate: install.date,
    },
    errors,
  };
}
