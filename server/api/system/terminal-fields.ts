import { normalizePhone } from '../../gateway/jt808/index';
import type { TerminalFields } from '../../store/terminal-admin-queries';
import { checkDate, textOf } from './vehicle-fields';

/** JT/T 808 editions a terminal may speak. */
export const EDITIONS = ['2011', '2013', '2019'] as const;

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
  const displayNo = textOf(input.terminalNo);
  if (!displayNo) errors.push('终端号不能为空');
  else if (!/^\d{11,20}$/.test(displayNo)) errors.push('终端号必须是 11–20 位数字');
  const imei = textOf(input.imei);
  if (imei && !/^\d{15}$/.test(imei)) errors.push('IMEI 必须是 15 位数字');
  const sim = textOf(input.sim);
  if (sim && !/^\d{1,20}$/.test(sim)) errors.push('SIM 卡号必须是数字，不超过 20 位');
  const model = textOf(input.model);
  if (model.length > 50) errors.push('终端型号不能超过 50 个字符');
  const editionText = textOf(input.edition).replace(/^JT\/T\s*808-/i, '');
  const edition = editionText === '' ? '2013' : editionText;
  if (!(EDITIONS as readonly string[]).includes(edition)) errors.push('协议版本不正确（2011、2013 或 2019）');
  const install = checkDate(input.installDate, '安装日期');
  if (install.error) errors.push(install.error);
  return {
    fields: {
      displayNo, terminalNo: /^\d+$/.test(displayNo) ? normalizePhone(displayNo) : displayNo, imei, model, sim, edition, installDate: install.date,
    },
    errors,
  };
}
