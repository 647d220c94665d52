/**
 * 新国标 (GB 17761-2018, 电动自行车安全技术规范): the limits an electric bicycle must keep to be
 * registered as one, and the check of a 备案 record against them. One rule for the server that
 * stores the verdict and the pages that show it while the form is filled. Pure: no DOM, no React.
 */

/** The limits of GB 17761-2018 the platform checks. */
export const GB_LIMITS = {
  /** 最高设计车速, km/h. */
  designSpeed: 25,
  /** 整车质量（含电池）, kg. */
  mass: 55,
  /** 电动机额定连续输出功率, W. */
  motorPower: 400,
} as const;

/** What the check reads of a record. */
export interface GbSpecification {
  /** km/h. */
  designSpeed: number;
  /** kg, battery included. */
  mass: number;
  /** W. */
  motorPower: number;
  /** 脚踏骑行功能. */
  pedals: boolean;
}

/** Which rule a record breaks: speed, mass, power or pedals. */
export type GbRule = 'designSpeed' | 'mass' | 'motorPower' | 'pedals';

export interface GbVerdict {
  compliant: boolean;
  /** Every rule broken, in the order of the standard's table. */
  broken: GbRule[];
  /** The same in Chinese, one sentence each (e.g. 最高设计车速 30 km/h 超过 25 km/h). */
  reasons: string[];
}

/** The Chinese name of each rule (report columns, filters). */
export const GB_RULE_NAMES: Readonly<Record<GbRule, string>> = {
  designSpeed: '车速超标',
  mass: '整车质量超标',
  motorPower: '电机功率超标',
  pedals: '无脚踏骑行功能',
};

const num = (n: number) => String(Math.round(n * 10) / 10);

/** 合规 when every limit holds; otherwise 不合规 with the reasons. */
export function checkGbCompliance(spec: GbSpecification): GbVerdict {
  const broken: GbRule[] = [];
  const reasons: string[] = [];
  if (spec.designSpeed > GB_LIMITS.designSpeed) {
    broken.push('designSpeed');
    reasons.push(`最高设计车速 ${num(spec.designSpeed)} km/h 超过 ${GB_LIMITS.designSpeed} km/h`);
  }
  if (spec.mass > GB_LIMITS.mass) {
    broken.push('mass');
    reasons.push(`整车质量（含电池）${num(spec.mass)} kg 超过 ${GB_LIMITS.mass} kg`);
  }
  if (spec.motorPower > GB_LIMITS.motorPower) {
    broken.push('motorPower');
    reasons.push(`电机功率 ${num(spec.motorPower)} W 超过 ${GB_LIMITS.motorPower} W`);
  }
  if (!spec.pedals) {
    broken.push('pedals');
    reasons.push('没有脚踏骑行功能');
  }
  return { compliant: broken.length === 0, broken, reasons };
}

/** A 备案 record as the API answers it (docs/api-contract.md, 新国标). */
export interface GbDeclaration {
  id: number;
  /** 备案编号: GB, the day in China, the id. */
  recordNo: string;
  tenantId: number;
  tenantName: string;
  ownerName: string;
  ownerPhone: string;
  brand: string;
  model: string;
  frameNo: string;
  motorNo: string;
  plateNo: string;
  color: string;
  /** km/h. */
  designSpeed: number;
  /** kg, battery included. */
  mass: number;
  /** W. */
  motorPower: number;
  pedals: boolean;
  compliant: boolean;
  broken: GbRule[];
  /** The broken rules' Chinese names (车速超标 …). */
  reasons: string[];
  createTime: string;
  updateTime: string;
}

/** One customer's line of 合规报表. */
export interface GbComplianceLine {
  tenantId: number;
  tenantName: string;
  total: number;
  compliant: number;
  nonCompliant: number;
  /** Percent, one decimal; null without records. */
  rate: number | null;
  /** Records breaking each rule (a record may break several). */
  broken: Record<GbRule, number>;
}
