import { createElement } from 'react';
import { personStatus, type PersonStatusChip } from './person-status';
import type { PersonStatusChipsProps } from './person-status-chips-props';

const TONES: Record<PersonStatusChip['tone'], { color: string; background: string }> = {
  danger: { color: '#fff', background: '#d13438' },
  warning: { color: '#8a4b00', background: '#fff4ce' },
  success: { color: '#0e700e', background: '#e7f4e4' },
  neutral: { color: '#424242', background: '#f0f0f0' },
};

const CHIP = { display: 'inline-block', padding: '0 6px', borderRadius: '8px', fontSize: '11px', lineHeight: '18px', whiteSpace: 'nowrap' } as const;

/** A person's status as small chips (在线/离线, 移动/静止, SOS, 低电量, 基站定位/WiFi定位); see {@link personStatus}. */
export default function PersonStatusChips(props: PersonStatusChipsProps) {
  const chips = personStatus(props.item).filter((c) => !props.only || props.only.includes(c.key));
  if (!chips.length) return null;
  return createElement(
    'span',
    { 'aria-label': '人员状态', style: { display: 'inline-flex', gap: '4px', flexWrap: 'wrap' } },
    ...chips.map((c) => createElement('span', { key: c.key, 'data-chip': c.key, title: c.title, style: { ...CHIP, ...TONES[c.tone] } }, c.label)),
  );
}
