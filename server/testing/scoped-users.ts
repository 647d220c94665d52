import { hashPassword } from '../auth/password-hasher';
import type { Store } from '../store/create-store';

export interface ScopedUserSpec {
  tenantId: number;
  account: string;
  password: string;
  /** The role (created in the tenant when missing) and what it is granted. */
  role: string;
  platformIds?: readonly number[];
  resourceIds?: readonly number[];
  /** Vehicle-group scope; none = every group of the tenant subtree. */
  groupIds?: readonly number[];
  phone?: string | null;
}

/** Creates a user with a role of its own grants (and an optional group scope) for scope tests. */
export async function addScopedUser(store: Store, spec: ScopedUserSpec): Promise<{ userId: number; roleId: number }> {
  const role = await store.org.ensureRole(spec.tenantId, spec.role);
  await store.org.grantPlatforms(role.id, spec.platformIds ?? []);
  await store.org.grantResources(role.id, spec.resourceIds ?? []);
  const userId = await store.users.create({
    account: spec.account,
    passwordHash: await hashPassword(spec.password),
    name: spec.account,
    phone: spec.phone ?? null,
    tenantId: spec.tenantId,
    roleId: role.id,
    passwordChangedAt: new Date(0),
  });
  if (spec.groupIds?.length) await store.db.insertInto('user_groups').values(spec.groupIds.map((group_id) => ({ user_id: userId, group_id }))).execute();
  return { userId, roleId: role.id };
}
