import { Badge } from '@fluentui/react-components';
import type { TemperatureState } from '../api';
import { STATE_COLORS, STATE_LABELS } from './temperature-text';

/** 正常 / 超限 / 无数据 as a small tinted badge. */
export function StateBadge({ state }: { state: TemperatureState }) {
  return (
    <Badge appearance="tint" size="medium" color={STATE_COLORS[state]} data-state={state}>
      {STATE_LABELS[state]}
    </Badge>
  );
}
