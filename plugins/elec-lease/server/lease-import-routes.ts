import { ApiError, badInput, type ImportColumn, importTemplate, readImportRows, readUpload, sendSheet, sessionRoute, type SheetRow } from '../../../server/module';
import { ElecLeaseApi } from '../../../sdk/contracts/elec-lease';
import type { LeaseBike, LeaseImportRowErrors } from '../../../sdk/lease';
import type { ImportedContract } from './lease-queries';
import { refreshed, today } from './lease-contract-routes';
import { checkDay, checkMoney, checkRenter, enteredStatus, LeaseResource } from './lease-fields';
import { leaseOf } from './lease-services';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Key = 'plateNo' | 'name' | 'phone' | 'idNo' | 'startDate' | 'endDate' | 'monthlyRent' | 'deposit' | 'depositHeld' | 'note';

export const CONTRACT_IMPORT_COLUMNS: readonly ImportColumn<Key>[] = [
  { key: 'plateNo', header: '车牌号', required: true, example: '粤B·D30001', note: '本客户已登记的电动车，不能在其他未结束的合同中，不能维修中' },
  { key: 'name', header: '租户姓名', required: true, example: '王小明', note: '不超过 20 个字' },
  { key: 'phone', header: '手机号', required: true, example: '13812345678', note: '11 位手机号' },
  { key: 'idNo', header: '身份证号', required: true, example: '11010519491231002X', width: 22, note: '18 位居民身份证号；已登记的租户按身份证号找到，姓名须一致；新的租户一并登记' },
  { key: 'startDate', header: '开始日期', required: true, example: '2026-01-01', note: 'YYYY-MM-DD，可以早于今天（已在履行的合同照实填写）' },
  { key: 'endDate', header: '结束日期', required: true, example: '2026-12-31', note: 'YYYY-MM-DD，不早于开始日期；已过结束日期仍未还车的合同导入后即为已逾期并告警' },
  { key: 'monthlyRent', header: '月租金(元)', required: true, example: '300', note: '元，最多两位小数' },
  { key: 'deposit', header: '押金(元)', example: '500', note: '合同约定的押金，元；空为 0' },
  { key: 'depositHeld', header: '已收押金(元)', example: '500', note: '导入前已收下的押金，记为一笔押金收款并开收据；不超过押金' },
  { key: 'note', header: '备注', example: '', width: 24, note: '不超过 200 个字' },
];

const NOTES = [
  '每行一份合同；空行跳过；一次最多 5000 行。',
  '先逐行检查全部行：只要有一行有错，整个表格都不导入，按提示改好后重新上传。',
  '导入的合同只收录未结束的（待生效、租赁中、已逾期）；已还车的旧合同不必导入。',
];

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

/** Each row checked on its own and against the rows above it; the contracts to enter, or the rows' errors. */
function checkRows(rows: readonly SheetRow<Key>[], bikes: ReadonlyMap<string, LeaseBike>, renters: ReadonlyMap<string, { id: number; name: string }>, day: string) {
  const errors: LeaseImportRowErrors[] = [];
  const contracts: ImportedContract[] = [];
  const plateRows = new Map<string, number>();
  const idNames = new Map<string, { name: string; row: number }>();
  for (const { row, values: v } of rows) {
    const problems: string[] = [];
    const attempt = <T>(f: () => T): T | undefined => {
      try {
        return f();
      } catch (e) {
        problems.push(messageOf(e));
        return undefined;
      }
    };
    const bike = bikes.get(v.plateNo);
    if (!v.plateNo) problems.push('车牌号不能为空');
    else if (!bike) problems.push(`电动车 ${v.plateNo} 不存在或不属于本客户`);
    else if (plateRows.has(v.plateNo)) problems.push(`电动车 ${v.plateNo} 与第 ${plateRows.get(v.plateNo)} 行重复`);
    else if (bike.rented) problems.push(`电动车 ${v.plateNo} 已在租赁合同中`);
    else if (bike.inRepair) problems.push(`电动车 ${v.plateNo} 维修中，不能出租`);
    if (v.plateNo) plateRows.set(v.plateNo, plateRows.get(v.plateNo) ?? row);
    const renter = attempt(() => checkRenter(v));
    if (renter) {
      const known = renters.get(`${bike?.tenantId}/${renter.idNo}`);
      const earlier = idNames.get(renter.idNo);
      if (known && known.name !== renter.name) problems.push(`身份证号 ${renter.idNo} 已登记为租户 ${known.name}，姓名不一致`);
      else if (earlier && earlier.name !== renter.name) problems.push(`身份证号与第 ${earlier.row} 行相同但姓名不一致`);
      if (!earlier) idNames.set(renter.idNo, { name: renter.name, row });
    }
    const startDate = attempt(() => checkDay(v.startDate.replace(/\//g, '-'), '开始日期'));
    const endDate = attempt(() => checkDay(v.endDate.replace(/\//g, '-'), '结束日期'));
    if (startDate && endDate && endDate < startDate) problems.push('结束日期不能早于开始日期');
    const monthlyRent = attempt(() => checkMoney(v.monthlyRent, '月租金', 0.01));
    const deposit = attempt(() => checkMoney(v.deposit || '0', '押金'));
    const depositHeld = attempt(() => checkMoney(v.depositHeld || '0', '已收押金'));
    if (deposit !== undefined && depositHeld !== undefined && depositHeld > deposit) problems.push('已收押金不能超过押金');
    if (v.note.length > 200) problems.push('备注不能超过 200 个字');
    if (problems.length) {
      errors.push({ row, errors: problems.map((p) => `第 ${row} 行：${p}`) });
      continue;
    }
    contracts.push({
      tenantId: bike!.tenantId, vehicleId: bike!.id, renter: { ...renter!, id: renters.get(`${bike!.tenantId}/${renter!.idNo}`)?.id }, startDate: startDate!, endDate: endDate!,
      monthlyRent: monthlyRent!, deposit: deposit!, depositHeld: depositHeld!, status: enteredStatus(startDate!, endDate!, day), note: v.note,
    });
  }
  return { errors, contracts };
}

export const contractImportTemplateRoute = sessionRoute.of(ElecLeaseApi.importTemplate, {
  resource: LeaseResource.sign,
  auth: 'download',
  raw: true,
  handler: async ({ reply }) => sendSheet(reply, '租赁合同导入模板.xlsx', await importTemplate('租赁合同', CONTRACT_IMPORT_COLUMNS, NOTES)),
});

export const contractImportRoute = sessionRoute.of(ElecLeaseApi.importContracts, {
  resource: LeaseResource.sign,
  handler: async (ctx) => {
    const { request, deps, scope, user, audit } = ctx;
    const s = await scope();
    const file = await readUpload(request, MAX_FILE_BYTES, { missing: '请选择要上传的 .xlsx 文件', tooLarge: '文件不能超过 5 MB' });
    if (!/\.xlsx$/i.test(file.filename)) throw badInput('请上传 .xlsx 格式的文件');
    const rows = await readImportRows(file.content, CONTRACT_IMPORT_COLUMNS);
    await refreshed(deps);
    const bikes = new Map((await leaseOf(deps).store.bikes(s, { limit: 100_000 })).map((b) => [b.plateNo, b]));
    const renters = new Map((await leaseOf(deps).store.allRenters(s, undefined, 100_000)).map((r) => [`${r.tenantId}/${r.idNo}`, { id: r.id, name: r.name }]));
    const day = today(deps);
    const { errors, contracts } = checkRows(rows, bikes, renters, day);
    if (errors.length) {
      throw badInput(`${errors[0]!.errors[0]}${errors.length > 1 || errors[0]!.errors.length > 1 ? ` 等，共 ${errors.length} 行有误` : ''}；没有导入任何合同，请改正后重新上传`, { rows: errors });
    }
    let ids: number[];
    try {
      ids = await leaseOf(deps).store.importContracts(contracts, user.id, user.name || user.account, deps.clock.now());
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw badInput('导入期间有电动车被签约或租户被登记，没有导入任何合同，请重新上传');
      throw err;
    }
    // contracts past their end turn 已逾期 now, each raising its one alarm
    await refreshed(deps);
    const overdue = contracts.filter((c) => c.endDate < day).length;
    const created = new Set(contracts.filter((c) => c.renter.id === undefined).map((c) => c.renter.idNo)).size;
    await audit({ action: '导入合同', target: `合同 ${ids.length} 份（${file.filename}）`, after: { count: ids.length, renters: created, overdue } });
    return { imported: ids.length, renters: created, overdue };
  },
});
