import { findCommand, type CommandDefinition } from '../../commands/command-types';
import type { CommandTarget } from '../../store/command-queries';
import type { AccessScope } from '../../store/scope-queries';
import type { UserRecord } from '../../store/user-queries';
import type { AppDeps } from '../app-deps';
import { badInput, forbidden, notFound } from '../envelope';
import { terminalNoParam } from '../monitor/monitor-item';

/** 指令下发 menu (the command list), its 下发指令 and 危险指令 buttons. */
export const COMMAND_MENU = 8400;
export const COMMAND_SEND = 840001;
export const COMMAND_DANGEROUS = 840002;

/**
 * The caller's terminals among `numbers` (normalised, duplicates dropped, order kept) and the
 * numbers the caller may not see — another tenant's, outside the caller's groups, or unknown (one
 * answer for all three: whether such a terminal exists is not the caller's to learn).
 */
export async function findTargets(deps: AppDeps, scope: AccessScope, numbers: readonly string[]): Promise<{ targets: CommandTarget[]; missing: string[] }> {
  // a JT/T 808 number is stored without its zero padding, a device's IMEI exactly as it is
  const forms = (n: string) => [terminalNoParam(n), n.trim()];
  const found = new Map((await deps.store.commands.targets(scope, [...new Set(numbers.flatMap(forms))])).map((t) => [t.terminalNo, t]));
  const targets: CommandTarget[] = [];
  const missing: string[] = [];
  for (const n of numbers) {
    const target = forms(n).map((f) => found.get(f)).find((t) => t !== undefined);
    if (!target) {
      if (!missing.includes(n.trim())) missing.push(n.trim());
    } else if (!targets.includes(target)) targets.push(target);
  }
  return { targets, missing };
}

/** findTargets where a number the caller may not see is 404 for the whole call. */
export async function resolveTargets(deps: AppDeps, scope: AccessScope, numbers: readonly string[]): Promise<CommandTarget[]> {
  const { targets, missing } = await findTargets(deps, scope, numbers);
  if (missing.length > 0) throw notFound(`终端 ${missing[0]} 不存在`);
  return targets;
}

/** The command's checked parameters (400 with the Chinese reason otherwise). */
export function parseParams(def: CommandDefinition, params: Record<string, unknown> | undefined): Record<string, unknown> {
  const parsed = def.parse(params ?? {});
  if (!parsed.ok) throw badInput(parsed.msg);
  return parsed.params;
}

/** Whether the caller's role holds 危险指令. */
export function mayUseDangerous(deps: AppDeps, user: UserRecord): Promise<boolean> {
  return deps.store.catalogue.roleHasResource(user.roleId, COMMAND_DANGEROUS);
}

/** A dangerous command needs 危险指令 (403 otherwise). */
export async function requireDangerousRight(deps: AppDeps, user: UserRecord, def: CommandDefinition): Promise<void> {
  if (def.dangerous && !(await mayUseDangerous(deps, user))) throw forbidden('没有下发危险指令的权限');
}

/** The platforms the caller's role is granted (a contributed command type is the caller's only when its sub-application's is). */
export async function grantedPlatforms(deps: AppDeps, user: UserRecord): Promise<Set<number>> {
  return new Set((await deps.store.catalogue.rolePlatforms(user.roleId)).map((p) => p.platformId));
}

/** Whether the caller may see and send the type: the platform's own, or contributed by a sub-application the role is granted. */
export function mayUseType(def: CommandDefinition, granted: ReadonlySet<number>): boolean {
  return !def.contributedBy || granted.has(def.contributedBy.platformId);
}

/**
 * The command type of that code the caller may send: 400 when no such type exists, 403 when a
 * sub-application the caller's role is not granted contributes it.
 */
export async function commandFor(deps: AppDeps, user: UserRecord, code: string): Promise<CommandDefinition> {
  const def = findCommand(code);
  if (!def) throw badInput(`指令类型 ${code} 不存在`);
  if (!mayUseType(def, await grantedPlatforms(deps, user))) throw forbidden('没有下发该指令的权限');
  return def;
}
