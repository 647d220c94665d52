import type { ProtocolName } from '../gateway/device-protocol';

/** What the platform knows of a terminal when it decides whether a command applies. */
export interface TargetTraits {
  /** vehicle, person, pet …; null for a terminal without an asset record. */
  assetKind: string | null;
  /** The protocol the terminal speaks; jt808 when absent. */
  protocol?: string;
  /** 终端型号 as registered in 终端管理 (or sent in the JT/T 808 registration); '' when unknown. */
  model?: string;
}

/** How a protocol's terminals take a command type; `true`: all of them, every action. */
export interface ProtocolSupport {
  /** Only terminals on these kinds of asset (null: a terminal without an asset record); any when absent. */
  assetKinds?: readonly (string | null)[];
  /** Models of the protocol that lack the command, by model key (see {@link modelKey}), e.g. 'TL-P2'. */
  exceptModels?: readonly string[];
  /** Only these values of the `action` parameter; any when absent. */
  actions?: readonly string[];
}

/**
 * Where a command type works: per protocol, its terminals (all, or narrowed by asset, model and
 * action). A protocol left out has no such command. Declared once per type in command-types.ts;
 * the check, the preview, the list of available commands and the send all read it.
 */
export type CommandSupport = Partial<Record<ProtocolName, true | ProtocolSupport>>;

/** Every terminal of every protocol. */
export const EVERY_TERMINAL: CommandSupport = { jt808: true, gt06: true, watch: true };

/** The protocol a terminal speaks. */
export function protocolOf(target: TargetTraits): ProtocolName {
  const p = target.protocol;
  return p === 'gt06' || p === 'watch' ? p : 'jt808';
}

/** A model's key: its first word in upper case (`TL-P2 项圈` → `TL-P2`); '' when unknown. */
export function modelKey(model: string | undefined): string {
  return (model ?? '').trim().split(/\s+/)[0]!.toUpperCase();
}

/**
 * Why a terminal cannot take a command (Chinese), or undefined when it can. `action` (the chosen
 * action and its Chinese name) narrows it to that action where support depends on it. The reason
 * names the terminal's model when one is registered: that is what an operator can look up.
 */
export function supportRefusal(
  name: string,
  support: CommandSupport,
  target: TargetTraits,
  action?: { value: string; label: string },
): string | undefined {
  const rule = support[protocolOf(target)];
  const model = target.model?.trim();
  const terminal = model ? `该终端（型号 ${model}）` : '该终端';
  if (!rule) return `${terminal}不支持${name}`;
  if (rule === true) return undefined;
  if (rule.assetKinds && !rule.assetKinds.includes(target.assetKind)) return `${terminal}不支持${name}`;
  if (rule.exceptModels?.includes(modelKey(target.model))) return `${terminal}不支持${name}`;
  if (action && rule.actions && !rule.actions.includes(action.value)) return `${terminal}不支持${action.label}`;
  return undefined;
}
