import {
  badInput, type AccessScope, type AssetAdminQueries, type GroupRecord, type ImportColumn, type SheetRow, type Store, type TerminalFields, type VehicleFields,
} from '../../../server/module';
import { ASSET_KIND_DEFINITIONS, type AssetKind } from '../../../sdk/asset-kinds';
import { groupColumnLabel } from '../../../sdk/asset-vocabulary';
import type { AssetImportKind, PendingRow } from './asset-import-queries';
import { checkTerminal } from './terminal-fields';
import { newAuthCode } from './terminal-routes';
import { checkVehicle, type VehicleInput } from './vehicle-fields';

/** A checked row of an upload: its problems (each `第 N 行：…`) and, when it has none, what will be stored. */
export interface CheckedRow<V> {
  row: number;
  values: Record<string, string>;
  errors: string[];
  normalized?: V;
}

/** What importing one kind of asset takes: its template and how rows are checked and stored. */
export interface ImportKind<K extends string, V> {
  kind: AssetImportKind;
  what: string;
  columns: readonly ImportColumn<K>[];
  notes: readonly string[];
  /** `today` (YYYY-MM-DD, China) bounds dates such as birthdays. */
  check(store: Store, scope: AccessScope, tenantId: number, rows: readonly SheetRow<K>[], today: string): Promise<CheckedRow<V>[]>;
  /** Stores the rows in order inside the caller's transaction; throws 400 naming the row when one cannot be stored any more. */
  store(tx: AssetAdminQueries, tenantId: number, rows: readonly PendingRow<V>[]): Promise<void>;
  /** Short description of a stored row for the operation log. */
  label(values: V): string;
  /** The asset kind a row makes (the caller must hold the import button of each kind's page). */
  assetKind?(values: V): string;
}

const rowError = (row: number, msg: string) => `第 ${row} 行：${msg}`;
const abort = (row: number, msg: string) => badInput(`${rowError(row, msg)}。本次未导入任何数据，请重新上传`);

/** Marks repeated keys in the file: the first row of a key keeps it, later rows get an error. */
function duplicates<T>(rows: readonly T[], key: (r: T) => string, onDuplicate: (r: T, firstRow: T) => void): void {
  const first = new Map<string, T>();
  for (const r of rows) {
    const k = key(r);
    if (!k) continue;
    const seen = first.get(k);
    if (seen) onDuplicate(r, seen);
    else first.set(k, r);
  }
}

/** Group names as written in a sheet: a name, or the path from the top (上级/下级). */
function groupResolver(groups: readonly GroupRecord[], label: string) {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const path = (g: GroupRecord): string => {
    const parent = g.parentId === null ? undefined : byId.get(g.parentId);
    return parent ? `${path(parent)}/${g.name}` : g.name;
  };
  const paths = new Map(groups.map((g) => [path(g), g]));
  return (text: string): { id?: number; error?: string } => {
    const wanted = text.split('/').map((p) => p.trim()).filter(Boolean).join('/');
    if (wanted.includes('/')) {
      const g = paths.get(wanted) ?? [...paths.entries()].find(([p]) => p.endsWith(`/${wanted}`))?.[1];
      return g ? { id: g.id } : { error: `${label}不存在：${text}` };
    }
    const named = groups.filter((g) => g.name === wanted);
    if (named.length === 1) return { id: named[0]!.id };
    if (named.length === 0) return { error: `${label}不存在：${text}` };
    return { error: `${label}名称“${text}”不唯一，请填写完整路径，例如 上级${label}/${text}` };
  };
}

type VehicleKey = 'plateNo' | 'plateColor' | 'vehicleType' | 'vin' | 'driver' | 'assetKind' | 'group' | 'expiryDate' | 'speedLimit';

/** The group column in the kind's word (车组, 部门, 分组): the header a sheet is read by. */
function groupColumn(kind: AssetKind): ImportColumn<'group'> {
  const label = groupColumnLabel(kind);
  const example = kind === 'person' ? '生产部/一车间' : kind === 'vehicle' ? '华北区域/北京车队' : '华北区域/一组';
  return { key: 'group', header: label, example: '', note: `已有${label}的名称；重名时写完整路径，例如 ${example}；不填为未分组`, width: 22 };
}
const expiryColumn = { key: 'expiryDate', header: '到期日期', example: '2027-12-31', note: '服务到期日期 YYYY-MM-DD，过期后不再显示实时数据；不填为不限', width: 12 } as const;
const allOrNothing = '只有没有错误的行会被导入；确认导入在一个事务中完成，失败时不写入任何数据。';

/**
 * Importing assets of one page: rows become asset input (`toInput`), are checked as a form is,
 * their groups resolved by name or path, and their names checked unique in the customer and the file.
 */
function assetImport<K extends string>(
  kind: AssetKind, what: string, nameLabel: string, columns: readonly ImportColumn<K>[], toInput: (values: Record<K, string>) => VehicleInput,
): ImportKind<K, VehicleFields> {
  return {
    kind,
    what,
    columns,
    notes: [`${nameLabel}在同一客户内不能重复（表格内重复的行也会报错）。`, allOrNothing],
    async check(store, scope, tenantId, rows, today) {
      const groupLabel = groupColumnLabel(kind);
      const resolve = groupResolver((await store.assets.groups.list(scope)).filter((g) => g.tenantId === tenantId), groupLabel);
      const checked = rows.map((r): CheckedRow<VehicleFields> & { plate: string } => {
        const { fields, errors } = checkVehicle(toInput(r.values), today);
        let groupId: number | null = null;
        const group = (r.values as Record<string, string>).group;
        if (group) {
          const g = resolve(group);
          if (g.error) errors.push(g.error);
          groupId = g.id ?? null;
        } else if (scope.groupIds !== null) errors.push(`${groupLabel}不能为空`);
        return { row: r.row, values: r.values, errors, normalized: { ...fields, groupId }, plate: fields.plateNo };
      });
      duplicates(checked, (r) => r.plate, (r, first) => r.errors.push(`${nameLabel}与第 ${first.row} 行重复`));
      const taken = await store.assets.vehicles.existingPlates(tenantId, checked.map((r) => r.plate).filter(Boolean));
      for (const r of checked) if (taken.has(r.plate)) r.errors.push(`${nameLabel}已存在`);
      return checked.map(({ plate: _plate, ...r }) => finish(r));
    },
    async store(tx, tenantId, rows) {
      for (const { row, values } of rows) {
        if (await tx.vehicles.findByPlate(tenantId, values.plateNo)) throw abort(row, `${nameLabel} ${values.plateNo} 已存在`);
        try {
          await tx.vehicles.insert(tenantId, values);
        } catch (e) {
          if ((e as { code?: string }).code === '23503') throw abort(row, `${groupColumnLabel(kind)}已不存在`);
          throw e;
        }
      }
    },
    label: (v) => v.plateNo,
    assetKind: (v) => v.assetKind,
  };
}

export const vehicleImport = assetImport<VehicleKey>(
  'vehicle',
  '车辆',
  '车牌号',
  [
    { key: 'plateNo', header: '车牌号', required: true, example: '京A12345', note: '车辆的中国车牌，例如 京A12345、粤B D12345；人员、宠物等资产填写名称' },
    { key: 'plateColor', header: '车牌颜色', example: '蓝色', note: '蓝色、黄色、黑色、白色、绿色、其他、未上牌；不填为蓝色', width: 10 },
    { key: 'vehicleType', header: '车辆类型', example: '轻型厢式货车', note: '不超过 50 个字符' },
    { key: 'vin', header: '车架号', example: 'LTL808000A0000001', note: '17 位字母或数字，可不填', width: 22 },
    { key: 'driver', header: '司机', example: '张伟', note: '不超过 50 个字符', width: 10 },
    { key: 'assetKind', header: '资产类型', example: '车辆', note: '车辆、人员、宠物、电动车；不填为车辆', width: 10 },
    groupColumn('vehicle'),
    expiryColumn,
    { key: 'speedLimit', header: '限速(km/h)', example: '', note: '本车的平台超速限速，1–250 的整数；不填则按告警设置中的平台超速限速', width: 12 },
  ],
  (values) => values,
);

/** 人员, 宠物 or 电动车 import: the name, the fields of the kind (photos are uploaded on the page), group and expiry. */
export function kindImport(kind: Exclude<AssetKind, 'vehicle'>): ImportKind<string, VehicleFields> {
  const d = ASSET_KIND_DEFINITIONS[kind];
  const fields = d.fields.filter((f) => f.type !== 'photo');
  const columns: ImportColumn<string>[] = [
    { key: 'plateNo', header: d.nameLabel, required: true, example: d.nameExample, note: d.nameHint },
    ...fields.map((f) => ({ key: f.key, header: f.unit ? `${f.label}(${f.unit})` : f.label, example: f.example, note: `${f.hint}，可不填`, width: 14 })),
    groupColumn(kind),
    expiryColumn,
  ];
  return assetImport(kind, d.noun, d.nameLabel, columns, (values) => ({
    plateNo: values.plateNo, plateColor: '0', assetKind: kind, expiryDate: values.expiryDate,
    profile: Object.fromEntries(fields.map((f) => [f.key, values[f.key]])),
  }));
}

type TerminalKey = 'terminalNo' | 'imei' | 'model' | 'sim' | 'edition' | 'installDate' | 'plateNo';

export type TerminalImportValues = TerminalFields & { vehicleId: number | null; plateNo: string };

export const terminalImport: ImportKind<TerminalKey, TerminalImportValues> = {
  kind: 'terminal',
  what: '终端',
  columns: [
    { key: 'terminalNo', header: '终端号', required: true, example: '013812345678', note: 'JT/T 808 终端手机号，11–20 位数字；前导 0 不计，全平台唯一', width: 18 },
    { key: 'imei', header: 'IMEI', example: '861234567890123', note: '15 位数字，可不填', width: 18 },
    { key: 'model', header: '终端型号', example: 'TL-808G', note: '不超过 50 个字符' },
    { key: 'sim', header: 'SIM卡号', example: '13812345678', note: '数字，不超过 20 位', width: 16 },
    { key: 'edition', header: '协议版本', example: '2019', note: '2011、2013、2019、GT06 或 手表协议；不填为 2013。GT06 与手表协议的终端号填设备 IMEI', width: 12 },
    { key: 'installDate', header: '安装日期', example: '2026-01-15', note: 'YYYY-MM-DD，可不填', width: 12 },
    { key: 'plateNo', header: '绑定车牌号', example: '', note: '同一客户中尚未绑定终端的车辆的车牌号；不填则只导入终端', width: 14 },
  ],
  notes: ['终端号不能与平台上已有的终端重复（表格内重复的行也会报错）。', '只有没有错误的行会被导入；确认导入在一个事务中完成，失败时不写入任何数据。'],
  async check(store, scope, tenantId, rows) {
    const checked = rows.map((r): CheckedRow<TerminalImportValues> => {
      const { fields, errors } = checkTerminal(r.values);
      const plateNo = r.values.plateNo.toUpperCase();
      if (!plateNo && scope.groupIds !== null) errors.push('绑定车牌号不能为空');
      return { row: r.row, values: r.values, errors, normalized: { ...fields, vehicleId: null, plateNo } };
    });
    duplicates(checked, (r) => (r.errors.some((e) => e.startsWith('终端号')) ? '' : r.normalized!.terminalNo), (r, first) => r.errors.push(`终端号与第 ${first.row} 行重复`));
    duplicates(checked, (r) => r.normalized!.plateNo, (r, first) => r.errors.push(`绑定车牌号与第 ${first.row} 行重复`));
    const taken = await store.assets.terminals.existingNumbers(checked.map((r) => r.normalized!.terminalNo).filter((n) => /^\d+$/.test(n)));
    const vehicles = new Map((await store.assets.vehicles.byPlates(scope, tenantId, [...new Set(checked.map((r) => r.normalized!.plateNo).filter(Boolean))])).map((v) => [v.plateNo, v]));
    for (const r of checked) {
      const n = r.normalized!;
      if (taken.has(n.terminalNo)) r.errors.push('终端号已存在');
      if (!n.plateNo) continue;
      const v = vehicles.get(n.plateNo);
      if (!v) r.errors.push(`绑定车牌号不存在：${n.plateNo}`);
      else if (v.terminalId !== null) r.errors.push(`车辆 ${n.plateNo} 已绑定终端 ${v.terminalNo}`);
      else n.vehicleId = v.id;
    }
    return checked.map(finish);
  },
  async store(tx, tenantId, rows) {
    for (const { row, values } of rows) {
      if (await tx.terminals.numberTaken(values.terminalNo)) throw abort(row, `终端号 ${values.displayNo} 已存在`);
      if (values.vehicleId !== null && (await tx.terminals.ofVehicle(values.vehicleId))) throw abort(row, `车辆 ${values.plateNo} 已绑定终端`);
      try {
        await tx.terminals.insert(tenantId, values, newAuthCode(), values.vehicleId);
      } catch (e) {
        if ((e as { code?: string }).code === '23503') throw abort(row, `车辆 ${values.plateNo} 已不存在`);
        throw e;
      }
    }
  },
  label: (v) => v.displayNo,
};

function finish<V>(r: CheckedRow<V>): CheckedRow<V> {
  const errors = r.errors.map((e) => rowError(r.row, e));
  return errors.length ? { row: r.row, values: r.values, errors } : { ...r, errors };
}
