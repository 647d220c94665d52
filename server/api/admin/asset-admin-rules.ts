import { ASSET_KIND_CODES, ASSET_KIND_DEFINITIONS, assetKindOf, type AssetKind } from '../../../sdk/asset-kinds';
import type { AccessScope } from '../../store/scope-queries';
import type { AppDeps } from '../app-deps';
import { forbidden, notFound } from '../envelope';
import type { SessionContext } from '../route-definition';
import { petDeclaration } from '../../../plugins/pet/pet-declaration';
import { declaredMenuPage } from '../../../sdk/plugin-declaration';

/**
 * Who may do what to assets, and the small rules every page that administers them shares: 系统管理's
 * 车辆管理, 终端管理 and 车组管理 (and the pages of the other kinds), the media of a profile, the
 * sub-applications' own asset pages.
 */

export const VEHICLE_MENU = 1240;
export const TERMINAL_MENU = 1250;
export const GROUP_MENU = 1260;

/** Button resources of 车辆管理 (1240xx) and 终端管理 (1250xx), in the same order. */
export function assetButtons(menu: number) {
  const b = (n: number) => menu * 100 + n;
  return { add: b(1), edit: b(2), remove: b(3), bind: b(4), transfer: b(5), renew: b(6), import: b(7), export: b(8) };
}

/** What an operator does to assets: see them, or one of the buttons of their page. */
export type AssetOp = 'view' | keyof ReturnType<typeof assetButtons>;

/** The 系统管理 pages of the other kinds (人员管理, 宠物管理, 电动车管理); 车辆管理 (1240) is the vehicles'. */
export const KIND_MENUS: readonly number[] = ASSET_KIND_CODES.filter((k) => k !== 'vehicle').map((k) => ASSET_KIND_DEFINITIONS[k].menuId);

/** The resources of `op` on the other kinds' pages: a route takes any of them, its handler checks the kind (requireKinds). */
export function kindResources(op: AssetOp): number[] {
  return KIND_MENUS.map((menu) => (op === 'view' ? menu : assetButtons(menu)[op]));
}

function kindResource(kind: AssetKind, op: AssetOp): number {
  const menu = ASSET_KIND_DEFINITIONS[kind].menuId;
  return op === 'view' ? menu : assetButtons(menu)[op];
}

export type Caller = Pick<SessionContext<unknown, unknown>, 'deps' | 'user'>;

/** The resources (menus and buttons) the caller's role holds. */
export async function heldResources(ctx: Caller): Promise<Set<number>> {
  return new Set((await ctx.deps.store.catalogue.roleResources(ctx.user.roleId)).map((r) => r.id));
}

/** The kinds whose page lets the caller do `op` (车辆管理 for vehicles, 人员管理 for people …). */
export async function kindsAllowed(ctx: Caller, op: AssetOp): Promise<AssetKind[]> {
  const held = await heldResources(ctx);
  return ASSET_KIND_CODES.filter((kind) => held.has(kindResource(kind, op)));
}

/** 宠物档案 of 宠物守护, where a pet's 主人手机号 is edited too. */
const PET_PROFILE_MENU = declaredMenuPage(petDeclaration, '/pet/profiles').menuId;

/** The kinds whose contact phones (人员 手机号, 宠物 主人手机号) the caller sees in full: those it may edit (asset-contact-phones). */
export async function kindsWithFullPhones(ctx: Caller): Promise<ReadonlySet<string>> {
  const held = await heldResources(ctx);
  return new Set(ASSET_KIND_CODES.filter((k) => held.has(kindResource(k, 'edit')) || (k === 'pet' && held.has(PET_PROFILE_MENU))));
}

/** 403 unless the caller may do `op` on assets of every one of `kinds` (each kind on its own page's button). */
export async function requireKinds(ctx: Caller, kinds: Iterable<string>, op: AssetOp): Promise<void> {
  const wanted = [...new Set(kinds)].map((code) => assetKindOf(code) ?? 'vehicle');
  if (wanted.length === 0) return;
  const held = await heldResources(ctx);
  const refused = wanted.find((kind) => !held.has(kindResource(kind, op)));
  if (refused) throw forbidden(`无权限操作${ASSET_KIND_DEFINITIONS[refused].noun}`);
}

export { idsSchema, MAX_BATCH } from '../../../sdk/contracts/asset';
/** Most rows of one export. */
export { BACKGROUND_EXPORT_LIMIT as EXPORT_LIMIT } from '../../../sdk/pagination';

export function flagValue(value: string | undefined): boolean | undefined {
  return value === '1' ? true : value === '0' ? false : undefined;
}

/** Today in China, `YYYY-MM-DD`. */
export function chinaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The tenant when the scope holds it; otherwise 404 (another customer's id says nothing). */
export function tenantInScope(scope: AccessScope, tenantId: number): number {
  if (!scope.tenantIds.includes(tenantId)) throw notFound('客户不存在');
  return tenantId;
}

/** Live views re-read these terminals (service renewed, asset moved or edited). */
export function notifyLive(deps: AppDeps, changes: readonly { tenantId: number; terminalId: number | null }[]): void {
  const bus = deps.fleet?.bus;
  if (!bus) return;
  const byTenant = new Map<number, number[]>();
  for (const c of changes) if (c.terminalId !== null) byTenant.set(c.tenantId, [...(byTenant.get(c.tenantId) ?? []), c.terminalId]);
  for (const [tenantId, terminalIds] of byTenant) bus.publish({ type: 'assets', tenantId, terminalIds });
}

/** All of `ids` visible in the scope, or 404 naming what is missing. */
export function requireAll<T extends { id: number }>(ids: readonly number[], found: readonly T[], what: string): T[] {
  const byId = new Map(found.map((r) => [r.id, r]));
  const missing = [...new Set(ids)].filter((id) => !byId.has(id));
  if (missing.length) throw notFound(`${what}不存在`);
  return [...new Set(ids)].map((id) => byId.get(id)!);
}
