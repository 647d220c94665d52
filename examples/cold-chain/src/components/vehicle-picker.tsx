import { useState } from 'react';
import { Combobox, Option } from '@fluentui/react-components';
import { shownTerminalNo, type VehicleTemperature } from '../api';

const MAX_OPTIONS = 50;
const label = (v: Pick<VehicleTemperature, 'name' | 'terminalNo' | 'displayNo'>) => `${v.name}（${shownTerminalNo(v)}）`;

/** The vehicles whose plate or terminal number holds what was typed (at most 50 listed). */
export function matchVehicles<V extends Pick<VehicleTemperature, 'name' | 'terminalNo' | 'displayNo'>>(vehicles: readonly V[], text: string): V[] {
  const kw = text.trim().toLowerCase();
  return vehicles.filter((v) => !kw || v.name.toLowerCase().includes(kw) || shownTerminalNo(v).includes(kw)).slice(0, MAX_OPTIONS);
}

/** Props of {@link VehiclePicker}. */
export interface VehiclePickerProps {
  vehicles: readonly VehicleTemperature[];
  /** The terminal chosen. */
  value: string | undefined;
  onChange: (terminalNo: string | undefined) => void;
}

/** One vehicle, found by typing part of its plate or terminal number. */
export function VehiclePicker({ vehicles, value, onChange }: VehiclePickerProps) {
  const [text, setText] = useState<string>();
  const chosen = vehicles.find((v) => v.terminalNo === value);
  return (
    <Combobox
      aria-label="车辆"
      style={{ minWidth: 280 }}
      freeform
      placeholder="车牌或终端号"
      value={text ?? (chosen ? label(chosen) : '')}
      selectedOptions={value ? [value] : []}
      onChange={(e) => setText(e.currentTarget.value)}
      onOptionSelect={(_, d) => {
        setText(undefined);
        if (d.optionValue) onChange(d.optionValue);
      }}
    >
      {matchVehicles(vehicles, text ?? '').map((v) => (
        <Option key={v.terminalNo} value={v.terminalNo} text={label(v)}>
          {label(v)}
        </Option>
      ))}
    </Combobox>
  );
}
