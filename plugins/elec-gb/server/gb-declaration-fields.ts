import { checkGbCompliance } from '../../../sdk/gb-compliance';
import type { GbDeclarationFields } from './gb-declaration-queries';

/** A 备案 record as a form sends it (numbers may come as text). */
export interface GbDeclarationInput {
  ownerName?: unknown;
  ownerPhone?: unknown;
  brand?: unknown;
  model?: unknown;
  frameNo?: unknown;
  motorNo?: unknown;
  plateNo?: unknown;
  color?: unknown;
  designSpeed?: unknown;
  mass?: unknown;
  motorPower?: unknown;
  pedals?: unknown;
}

const PHONE = /^1[3-9]\d{9}$/;
const CODE = /^[A-Z0-9_-]+$/;

const textOf = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/**
 * Checks a 备案 record and answers it normalised with its compliance verdict, or the first
 * problem in Chinese. A record that breaks GB 17761-2018 is still stored: 不合规 is a verdict,
 * not bad input.
 */
export function checkGbDeclaration(input: GbDeclarationInput): { fields?: GbDeclarationFields; error?: string } {
  const ownerName = textOf(input.ownerName);
  const ownerPhone = textOf(input.ownerPhone);
  const brand = textOf(input.brand);
  const model = textOf(input.model);
  const frameNo = textOf(input.frameNo).toUpperCase();
  const motorNo = textOf(input.motorNo).toUpperCase();
  const plateNo = textOf(input.plateNo).toUpperCase();
  const color = textOf(input.color);
  const problems: (string | false)[] = [
    !ownerName && '车主姓名不能为空',
    ownerName.length > 20 && '车主姓名不能超过 20 个字符',
    ownerPhone !== '' && !PHONE.test(ownerPhone) && '车主手机号格式不正确，应为 11 位手机号',
    !brand && '品牌不能为空',
    brand.length > 30 && '品牌不能超过 30 个字符',
    model.length > 30 && '型号不能超过 30 个字符',
    !frameNo && '车架号不能为空',
    frameNo !== '' && (frameNo.length > 30 || !CODE.test(frameNo)) && '车架号只能包含字母、数字、- 和 _，不超过 30 个字符',
    motorNo !== '' && (motorNo.length > 30 || !CODE.test(motorNo)) && '电机号只能包含字母、数字、- 和 _，不超过 30 个字符',
    plateNo.length > 20 && '号牌不能超过 20 个字符',
    color.length > 10 && '颜色不能超过 10 个字符',
  ];
  const first = problems.find((p): p is string => typeof p === 'string');
  if (first) return { error: first };
  const designSpeed = measure(input.designSpeed, '最高设计车速', 1, 100, 'km/h');
  if (typeof designSpeed === 'string') return { error: designSpeed };
  const mass = measure(input.mass, '整车质量', 1, 300, 'kg');
  if (typeof mass === 'string') return { error: mass };
  const motorPower = measure(input.motorPower, '电机功率', 1, 5000, 'W', true);
  if (typeof motorPower === 'string') return { error: motorPower };
  if (typeof input.pedals !== 'boolean') return { error: '请选择是否有脚踏骑行功能' };
  const verdict = checkGbCompliance({ designSpeed, mass, motorPower, pedals: input.pedals });
  return {
    fields: {
      ownerName, ownerPhone, brand, model, frameNo, motorNo, plateNo, color, designSpeed, mass, motorPower, pedals: input.pedals,
      compliant: verdict.compliant, broken: verdict.broken,
    },
  };
}

/** A number in range (one decimal kept; whole when `whole`), or the Chinese message. */
function measure(value: unknown, label: string, min: number, max: number, unit: string, whole = false): number | string {
  const text = textOf(value);
  if (!text) return `${label}不能为空`;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) {
    return `${label}必须是 ${min} 到 ${max} 之间的${whole ? '整数' : '数'}（${unit}）`;
  }
  return whole ? n : Math.round(n * 10) / 10;
}
