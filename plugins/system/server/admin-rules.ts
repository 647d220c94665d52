import { badInput, EVERY_ROLE_RESOURCES, forbidden, notFound, type AccessScope, type RoleGrants, type Store } from '../../../server/module';

/** Rules shared by 客户管理, 用户管理 and 角色管理. */

export const PASSWORD_RULE = '密码至少 8 位，且须同时包含字母和数字';
const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{3,32}$/;
const PHONE_PATTERN = /^1\d{10}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkPassword(password: string): string {
  if (password.length < 8 || password.length > 64 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) throw badInput(PASSWORD_RULE);
  return password;
}

export function checkAccount(account: string): string {
  const value = account.trim();
  if (!value) throw badInput('账号不能为空');
  if (!ACCOUNT_PATTERN.test(value)) throw badInput('账号须为 3–32 位字母、数字或 _ . @ -');
  return value;
}

/** A trimmed required text. */
export function required(value: string | undefined, label: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw badInput(`${label}不能为空`);
  return trimmed;
}

/** A trimmed phone number or null; `label` names the field. */
export function optionalPhone(value: string | undefined | null, label = '手机号'): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (!PHONE_PATTERN.test(trimmed)) throw badInput(`${label}格式不正确`);
  return trimmed;
}

export function optionalEmail(value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed && !EMAIL_PATTERN.test(trimmed)) throw badInput('邮箱格式不正确');
  return trimmed;
}

/** What a user's role holds: the platforms it may enter and its resources (centre resources excluded, every role has them). */
export async function holdings(store: Store, roleId: number): Promise<{ platformIds: Set<number>; resourceIds: Set<number> }> {
  const [platforms, resources] = await Promise.all([store.catalogue.rolePlatforms(roleId), store.catalogue.roleResources(roleId)]);
  return {
    platformIds: new Set(platforms.map((p) => p.platformId)),
    resourceIds: new Set(resources.filter((r) => !EVERY_ROLE_RESOURCES.includes(r.id)).map((r) => r.id)),
  };
}

/**
 * Checks grants for a role: every id must exist, and whatever is added (beyond `current`) must be
 * held by the caller — a role never grants more than its editor holds. Answers the cleaned grants.
 */
export async function checkGrants(
  store: Store,
  callerRoleId: number,
  wanted: { platformIds: readonly number[]; resourceIds: readonly number[] },
  current: RoleGrants = { platformIds: [], resourceIds: [] },
): Promise<RoleGrants> {
  const [platforms, resources, mine] = await Promise.all([store.catalogue.listPlatforms(), store.catalogue.listResources(), holdings(store, callerRoleId)]);
  const platformIds = [...new Set(wanted.platformIds)];
  const knownPlatforms = new Set(platforms.map((p) => p.platformId));
  const unknownPlatform = platformIds.find((id) => !knownPlatforms.has(id));
  if (unknownPlatform !== undefined) throw badInput(`子系统 ${unknownPlatform} 不存在`);
  const centre = new Set(EVERY_ROLE_RESOURCES);
  const known = new Set(resources.map((r) => r.id));
  const resourceIds = [...new Set(wanted.resourceIds)].filter((id) => !centre.has(id));
  const unknownResource = resourceIds.find((id) => !known.has(id));
  if (unknownResource !== undefined) throw badInput(`资源 ${unknownResource} 不存在`);
  const hadPlatform = new Set(current.platformIds);
  const hadResource = new Set(current.resourceIds);
  const beyond =
    platformIds.some((id) => !hadPlatform.has(id) && !mine.platformIds.has(id)) || resourceIds.some((id) => !hadResource.has(id) && !mine.resourceIds.has(id));
  if (beyond) throw forbidden('不能授予超出自己权限的子系统或菜单');
  return { platformIds: platformIds.sort((a, b) => a - b), resourceIds: resourceIds.sort((a, b) => a - b) };
}

/** Whether everything `roleId` grants is also held by the caller. */
export async function roleWithinCaller(store: Store, callerRoleId: number, roleId: number): Promise<boolean> {
  if (roleId === callerRoleId) return true;
  const [mine, theirs] = await Promise.all([holdings(store, callerRoleId), holdings(store, roleId)]);
  return [...theirs.platformIds].every((id) => mine.platformIds.has(id)) && [...theirs.resourceIds].every((id) => mine.resourceIds.has(id));
}

/**
 * A caller may manage a user only when the user can do and see no more than the caller: the user's
 * role is within the caller's, and a group-scoped caller manages only users scoped to its groups.
 */
export async function checkCovers(store: Store, caller: { roleId: number }, scope: AccessScope, target: { id: number; tenantId: number; roleId: number }): Promise<void> {
  if (!(await roleWithinCaller(store, caller.roleId, target.roleId))) throw forbidden('该用户的权限超出您的权限，不能管理');
  if (scope.groupIds === null) return;
  const targetScope = await store.scope.forUser({ id: target.id, tenantId: target.tenantId });
  if (targetScope.groupIds === null || targetScope.groupIds.some((g) => !scope.groupIds!.includes(g))) throw forbidden('该用户可见的车组超出您的范围，不能管理');
}

/** The tenant when it is in the caller's scope; 404 otherwise (never says whether it exists elsewhere). */
export function tenantInCallerScope(scope: AccessScope, tenantId: number, what = '客户'): number {
  if (!scope.tenantIds.includes(tenantId)) throw notFound(`${what}不存在`);
  return tenantId;
}

/** Whether a database error is a unique violation (another request won a race). */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/** Whether a database error is a foreign-key violation (rows of other modules still point at it). */
export function isForeignKeyViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23503';
}
