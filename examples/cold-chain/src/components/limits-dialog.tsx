import { useState } from 'react';
import { Button, Field, Text, tokens } from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons';
import { expectOk, FormDialog, HttpService, Input, usePluginSettings, useService } from '@tianlu/sdk';
import { ColdChainApi, errorText, shownTerminalNo, type VehicleTemperature } from '../api';
import { LIMIT_RANGE, limitsText, readLimits } from './temperature-text';

/** Props of {@link LimitsDialog}. */
export interface LimitsDialogProps {
  vehicle: VehicleTemperature;
  /** After a save or a 恢复默认: what was done, for the page's message. */
  onSaved: (message: string) => void;
  onClose: () => void;
}

/** The tenant's default limits as 插件设置 holds them, `2.0～8.0℃`, once read. */
function useDefaultLimitsText(): string | undefined {
  const { values } = usePluginSettings();
  const min = values?.defaultMin;
  const max = values?.defaultMax;
  return typeof min === 'number' && typeof max === 'number' ? limitsText({ min, max }) : undefined;
}

/**
 * 设置上下限 of one vehicle: its own 下限 and 上限 (checked here, then by the server), or 恢复默认 to the
 * tenant's default. A refusal shows in the dialog, which stays open with what was typed.
 */
export function LimitsDialog({ vehicle, onSaved, onClose }: LimitsDialogProps) {
  const http = useService(HttpService);
  const defaults = useDefaultLimitsText();
  const [draft, setDraft] = useState({ min: String(vehicle.min), max: String(vehicle.max) });
  const [resetting, setResetting] = useState(false);
  const [resetError, setResetError] = useState<string>();

  const save = async () => {
    const limits = readLimits(draft);
    if ('problem' in limits) throw new Error(limits.problem);
    expectOk(await http.call(ColdChainApi.saveLimits, { terminalNo: vehicle.terminalNo, ...limits }));
    onSaved(`${vehicle.name} 的上下限已设为 ${limitsText(limits)}`);
  };

  const reset = async () => {
    setResetting(true);
    setResetError(undefined);
    try {
      expectOk(await http.call(ColdChainApi.saveLimits, { terminalNo: vehicle.terminalNo, reset: true }));
      onSaved(`${vehicle.name} 已恢复默认上下限`);
      onClose();
    } catch (e) {
      setResetError(errorText(e));
      setResetting(false);
    }
  };

  const range = `${LIMIT_RANGE.min}～${LIMIT_RANGE.max}`;
  return (
    <FormDialog title={`设置上下限：${vehicle.name}`} label="设置上下限" width={440} disabled={resetting} onSubmit={save} onClose={onClose}>
      <Text size={200}>
        {`终端号 ${shownTerminalNo(vehicle)}；当前 ${limitsText(vehicle)}${vehicle.custom ? '' : '（默认）'}`}
        {defaults && `；租户默认 ${defaults}`}
      </Text>
      <Field label="下限（℃）" hint={`${range} ℃，最多一位小数`}>
        <Input type="number" step="0.1" value={draft.min} onChange={(_, d) => setDraft((v) => ({ ...v, min: d.value }))} />
      </Field>
      <Field label="上限（℃）">
        <Input type="number" step="0.1" value={draft.max} onChange={(_, d) => setDraft((v) => ({ ...v, max: d.value }))} />
      </Field>
      {vehicle.custom && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Button size="small" icon={<ArrowResetRegular />} disabled={resetting} onClick={() => void reset()}>
            恢复默认
          </Button>
          <Text size={200}>不再使用本车的上下限，改用租户默认{defaults ? ` ${defaults}` : ''}</Text>
        </div>
      )}
      {resetError && (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
          {resetError}
        </Text>
      )}
    </FormDialog>
  );
}
