import { defineEndpoint } from '../endpoint';
import { BACKGROUND_EXPORT_LIMIT } from '../pagination';
import { int, object, pagingProperties, text, type Paging } from '../json-schema';
import {
  LEASE_PAYMENT_KIND_NAMES, LEASE_PAYMENT_METHOD_NAMES, LEASE_STATUS_NAMES,
  type LeaseBike, type LeaseContract, type LeaseIncome, type LeasePayment, type LeasePaymentKind, type LeasePaymentList, type LeasePaymentMethod, type LeaseRenter,
  type LeaseSettings, type LeaseStatus,
} from '../lease';
import { idsSchema } from './asset';

/** 电动车租赁's API (docs/api-contract.md, 电动车租赁). */
const LEASE_API = '/car/v4/api/lease';
const RENTER = `${LEASE_API}/renter`;
const CONTRACT = `${LEASE_API}/contract`;
/** Rows of one export at most. */
/** Months 收入概览 covers at most. */
export const LEASE_INCOME_MAX_MONTHS = 24;

type Started = { id: number; fileName: string };
/** The filter of 合同管理 (its list and its export): a contract status, or '' for all. */
export type LeaseContractFilter = { keyword?: string; status?: LeaseStatus | '' };
/** start / end months (YYYY-MM) of 收入概览; the last 12 months when absent. */
export type LeaseIncomeRange = { start?: string; end?: string };
/** Money fields arrive as typed (yuan, a number or its text) and are checked by the route. */
type Money = unknown;

const month = (title: string) => text(title, 7, { pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });
const renterProperties = { name: text('租户姓名', 50), phone: text('手机号', 20), idNo: text('身份证号', 30) };
const contractFilter = { keyword: text('关键词', 50), status: { type: 'string', title: '合同状态', enum: ['', ...Object.keys(LEASE_STATUS_NAMES)] } };
const incomeRange = { start: month('开始月份'), end: month('结束月份') };
const closeBody = object({ id: int('合同', 1), note: text('备注', 200) }, ['id']);

export const ElecLeaseApi = {
  renters: defineEndpoint<Paging & { keyword?: string }, undefined, { total: number; list: LeaseRenter[] }>({
    method: 'GET',
    path: `${RENTER}/list.json`,
    summary: '租户管理：本级及下级客户的租户，分页，新的在前；手机号和身份证号脱敏',
    query: object({ ...pagingProperties, keyword: text('关键词', 50) }),
  }),
  addRenter: defineEndpoint<Record<string, never>, { name?: string; phone?: string; idNo?: string; tenantId?: number }, LeaseRenter>({
    method: 'POST',
    path: `${RENTER}/add.json`,
    summary: '新增租户（姓名、手机号、18 位居民身份证号含校验位；身份证号在客户内唯一）',
    body: object({ ...renterProperties, tenantId: int('客户', 1) }),
  }),
  updateRenter: defineEndpoint<Record<string, never>, { id: number; name?: string; phone?: string; idNo?: string }, LeaseRenter>({
    method: 'POST',
    path: `${RENTER}/update.json`,
    summary: '编辑租户；手机号或身份证号留空则保持原值（页面只见脱敏值）',
    body: object({ ...renterProperties, id: int('租户', 1) }, ['id']),
  }),
  removeRenters: defineEndpoint<Record<string, never>, { ids: number[] }, { deleted: number }>({
    method: 'POST',
    path: `${RENTER}/delete.json`,
    summary: '删除租户（签过合同的租户不能删除）',
    body: object({ ids: idsSchema('租户') }, ['ids']),
  }),
  exportRenters: defineEndpoint<Record<string, never>, { keyword?: string }, Started>({
    method: 'POST',
    path: `${RENTER}/export.json`,
    summary: `导出租户（xlsx，后台生成，在下载中心下载；手机号和身份证号脱敏；最多 ${BACKGROUND_EXPORT_LIMIT} 行）`,
    body: object({ keyword: text('关键词', 50) }),
  }),
  contracts: defineEndpoint<Paging & LeaseContractFilter & { tenantId?: number }, undefined, { total: number; list: LeaseContract[] }>({
    method: 'GET',
    path: `${CONTRACT}/list.json`,
    summary:
      '合同管理：本级及下级客户电动车的租赁合同，分页，新的在前；状态 pending 待生效 / active 租赁中 / overdue 已逾期 / returned 已退租 / terminated 已终止；tenantId 只看范围内的这一客户及其下级（数据看板的租赁概况）',
    query: object({ ...pagingProperties, ...contractFilter, tenantId: int('客户', 1) }),
  }),
  contractCounts: defineEndpoint<{ tenantId?: number }, undefined, Record<LeaseStatus, number>>({
    method: 'GET',
    path: `${CONTRACT}/counts.json`,
    summary: '各状态的合同数（pending 待生效 / active 租赁中 / overdue 已逾期 / returned 已退租 / terminated 已终止），本级及下级客户；tenantId 只数范围内的这一客户及其下级（数据看板的租赁概况）',
    query: object({ tenantId: int('客户', 1) }),
  }),
  bikes: defineEndpoint<{ keyword?: string; available?: '' | '0' | '1' }, undefined, LeaseBike[]>({
    method: 'GET',
    path: `${LEASE_API}/bikes.json`,
    summary: '可签约的电动车（本级及下级客户的电动车资产，按车牌搜索，最多 50 辆）：rented 是否在租，inRepair 是否维修中；available=1 只列可出租的',
    query: object({ keyword: text('关键词', 50), available: { type: 'string', title: '只列可出租', enum: ['', '0', '1'] } }),
  }),
  sign: defineEndpoint<
    Record<string, never>,
    { vehicleId: number; renterId: number; startDate?: string; endDate?: string; monthlyRent?: Money; deposit?: Money; note?: string },
    LeaseContract
  >({
    method: 'POST',
    path: `${CONTRACT}/add.json`,
    summary: '签订合同：电动车（本客户的电动车资产，不在其他未结束的合同中、不在维修中）、租户、起止日期、月租金、押金（元）；已在履行的合同照实录入，开始日期可早于今天，已过结束日期的合同录入即为已逾期并告警',
    body: object(
      {
        vehicleId: int('电动车', 1), renterId: int('租户', 1), startDate: text('开始日期', 10), endDate: text('结束日期', 10),
        monthlyRent: { title: '月租金' }, deposit: { title: '押金' }, note: text('备注', 200),
      },
      ['vehicleId', 'renterId'],
    ),
  }),
  renew: defineEndpoint<Record<string, never>, { id: number; endDate?: string; monthlyRent?: Money }, LeaseContract>({
    method: 'POST',
    path: `${CONTRACT}/renew.json`,
    summary: '续租：新的结束日期（晚于原结束日期且不早于今天），可改月租金；已逾期的合同续租后回到租赁中，其租约逾期告警结束',
    body: object({ id: int('合同', 1), endDate: text('结束日期', 10), monthlyRent: { title: '月租金' } }, ['id']),
  }),
  giveBack: defineEndpoint<Record<string, never>, { id: number; note?: string }, LeaseContract>({
    method: 'POST',
    path: `${CONTRACT}/return.json`,
    summary: '还车：合同今天退租，电动车空闲可再出租；租约逾期告警结束',
    body: closeBody,
  }),
  terminate: defineEndpoint<Record<string, never>, { id: number; note?: string }, LeaseContract>({
    method: 'POST',
    path: `${CONTRACT}/terminate.json`,
    summary: '终止合同（今天起）：电动车空闲可再出租；租约逾期告警结束',
    body: closeBody,
  }),
  pay: defineEndpoint<
    Record<string, never>,
    {
      id: number;
      amount?: Money;
      paidDate?: string;
      kind?: LeasePaymentKind;
      method?: LeasePaymentMethod;
      note?: string;
      /** The operator saw that a rent payment is more than is owed and takes the rest as 预付. */
      confirmPrepay?: boolean;
    },
    LeaseContract & { payment: LeasePayment }
  >({
    method: 'POST',
    path: `${CONTRACT}/pay.json`,
    summary:
      '收款：记下合同的一笔款项（kind：rent 租金 / deposit 押金 / penalty 违约金 / refund 退押金，缺省租金；method：cash 现金 / wechat 微信 / alipay 支付宝 / bank 银行转账 / card 刷卡 / other 其他，缺省现金；' +
      '金额元；收款日期缺省今天），开出收据（SJ-年份-六位序号，每个客户每年连续编号）。押金不超过合同押金未收部分，退押金不超过已收押金；租金超过当前欠费时须 confirmPrepay=true 确认多出部分为预付，否则答复 400（obj 含 owed、over）。' +
      '答复合同（含 received 实收租金、balance 欠费/预付、depositHeld 押金余额）及 payment 收据',
    body: object(
      {
        id: int('合同', 1), amount: { title: '收款金额' }, paidDate: text('收款日期', 10),
        kind: { type: 'string', title: '款项类型', enum: Object.keys(LEASE_PAYMENT_KIND_NAMES) },
        method: { type: 'string', title: '收款方式', enum: Object.keys(LEASE_PAYMENT_METHOD_NAMES) },
        note: text('备注', 100), confirmPrepay: { type: 'boolean', title: '确认预付' },
      },
      ['id'],
    ),
  }),
  payments: defineEndpoint<{ id: number }, undefined, LeasePaymentList>({
    method: 'GET',
    path: `${CONTRACT}/payments.json`,
    summary: '合同的收款记录（含收据号、款项类型、收款方式、大写金额、经办人），旧的在前；打印收据用',
    query: object({ id: int('合同', 1) }, ['id']),
  }),
  exportContracts: defineEndpoint<Record<string, never>, LeaseContractFilter, Started>({
    method: 'POST',
    path: `${CONTRACT}/export.json`,
    summary: `导出合同（xlsx，条件同 list.json，后台生成，在下载中心下载；最多 ${BACKGROUND_EXPORT_LIMIT} 行）`,
    body: object(contractFilter),
  }),
  /** Answers the workbook (a hidden-frame download: `http.exportFile`). */
  importTemplate: defineEndpoint<Record<string, never>, undefined, never>({
    method: 'GET',
    path: `${CONTRACT}/importTemplate.json`,
    summary: '合同导入模板（xlsx：表头、示例行和说明；sessionId 头或一次性 downloadToken）',
  }),
  /** Multipart, field `file` (`http.upload` to its path); a refusal's obj is `{ rows: LeaseImportRowErrors[] }`. */
  importContracts: defineEndpoint<Record<string, never>, undefined, { imported: number; renters: number; overdue: number }>({
    method: 'POST',
    path: `${CONTRACT}/import.json`,
    summary:
      '导入已有合同（multipart 字段 file，.xlsx，不超过 5 MB，最多 5000 行，列见导入模板）：逐行检查全部行，有一行有错则一行也不导入，答复 400，' +
      'msg 为第一处错误，obj.rows 为每个有错的行 {row, errors}；全部无误时在一个事务中导入（新租户一并登记，已收押金记为押金收款），已过结束日期的合同即为已逾期并告警',
  }),
  income: defineEndpoint<LeaseIncomeRange, undefined, LeaseIncome>({
    method: 'GET',
    path: `${LEASE_API}/income.json`,
    summary: `收入概览：start / end 月份（YYYY-MM，缺省最近 12 个月，最多 ${LEASE_INCOME_MAX_MONTHS} 个月）每月应收与实收租金（元，只计租金）、收押金、退押金、违约金及合计，当前押金余额 depositHeld，电动车出租率（在租 / 空闲 / 维修中）`,
    query: object(incomeRange),
  }),
  exportIncome: defineEndpoint<Record<string, never>, LeaseIncomeRange, Started>({
    method: 'POST',
    path: `${LEASE_API}/incomeExport.json`,
    summary: '导出收入概览（xlsx，条件同 income.json，后台生成，在下载中心下载）',
    body: object(incomeRange),
  }),
  settings: defineEndpoint<Record<string, never>, undefined, LeaseSettings>({
    method: 'GET',
    path: `${LEASE_API}/settings.json`,
    summary: '租赁设置：逾期自动断电（autoCut，默认关闭）及逾期天数 autoCutDays',
  }),
  saveSettings: defineEndpoint<Record<string, never>, { autoCut: boolean; autoCutDays?: number }, LeaseSettings>({
    method: 'POST',
    path: `${LEASE_API}/saveSettings.json`,
    summary: '保存租赁设置：autoCut 开启后，合同逾期满 autoCutDays（1–90）天的电动车自动下发断电指令（骑行中不执行，稍后再试），记入操作日志并短信提醒租户',
    body: object({ autoCut: { type: 'boolean', title: '逾期自动断电' }, autoCutDays: int('逾期天数', 1, 90) }, ['autoCut']),
  }),
  repair: defineEndpoint<Record<string, never>, { vehicleIds: number[]; inRepair: boolean }, { updated: number }>({
    method: 'POST',
    path: `${LEASE_API}/repair.json`,
    summary: '标记电动车维修中 / 维修完成（在租的电动车不能标记维修中；维修中的不能出租）',
    body: object({ vehicleIds: idsSchema('电动车'), inRepair: { type: 'boolean', title: '维修中' } }, ['vehicleIds', 'inRepair']),
  }),
};
