import { hashPassword } from '../auth/password-hasher';
import type { Store } from '../store/create-store';
import { DEMO_TENANT } from '../store/seed-demo';

/** Adds a user to the demo tenant's 管理员 role (run after the demo seed). */
export async function addDemoUser(store: Store, account: string, password: string, phone: string | null = null): Promise<number> {
  const tenant = await store.org.findTenantByName(DEMO_TENANT);
  if (!tenant) throw new Error('seed the demo first');
  const role = await store.org.ensureRole(tenant.id, '管理员');
  return store.users.create({
    account,
    passwordHash: await hashPassword(password),
    name: account,
    phone,
    tenantId: tenant.id,
    roleId: role.id,
    passwordChangedAt: new Date(0),
  });
}
