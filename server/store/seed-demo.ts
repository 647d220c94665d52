import { hashPassword } from '../auth/password-hasher';
import { CENTRE_PLATFORM_ID, PLATFORM_CATALOGUE } from './catalogue/platform-catalogue';
import { RESOURCE_CATALOGUE } from './catalogue/resource-catalogue';
import type { Store } from './create-store';
import type { TenantKind } from '../../sdk/system-admin';
import { DEMO_DICTIONARY, DEMO_NOTICES, DEMO_SITE } from './demo-content';

export const DEMO_TENANT = '天路演示';
export const OTHER_TENANT = '其他公司';
/** A customer below the demo tenant (its own administrator, no vehicles): the tenant hierarchy in the demo. */
export const DEMO_CUSTOMER_TENANT = '演示物流公司';

export const DEMO_ACCOUNTS = [
  { account: 'admin', password: 'Admin@123', tenant: DEMO_TENANT },
  { account: 'other', password: 'Other@123', tenant: OTHER_TENANT },
  { account: 'wuliu', password: 'Wuliu@123', tenant: DEMO_CUSTOMER_TENANT },
] as const;

const DEMO_ADMIN_ROLE = '管理员';
const OTHER_PLATFORMS = [8, 12, 20];
const DAY_MS = 86_400_000;

interface DemoUser {
  tenant: string;
  kind: TenantKind;
  parent?: string;
  role: string;
  platformIds: readonly number[];
  account: string;
  password: string;
  name: string;
  phone: string;
}

async function ensureUser(store: Store, spec: DemoUser, now: Date): Promise<void> {
  const parent = spec.parent === undefined ? undefined : await store.org.findTenantByName(spec.parent);
  const tenant = (await store.org.findTenantByName(spec.tenant)) ?? (await store.org.createTenant(spec.tenant, parent?.id ?? null));
  await store.system.tenants.setKind(tenant.id, spec.kind);
  const role = await store.org.ensureRole(tenant.id, spec.role);
  await store.org.grantPlatforms(role.id, spec.platformIds);
  // a tenant's 管理员 also holds the centre's tenant settings (告警设置 推送设置 健康设置)
  const resourceIds = RESOURCE_CATALOGUE.filter((r) => r.platformId === CENTRE_PLATFORM_ID || spec.platformIds.includes(r.platformId)).map((r) => r.id);
  await store.org.grantResources(role.id, resourceIds);
  // Only created when missing: a password changed in the demo survives a restart.
  if (await store.users.findByAccount(spec.account)) return;
  await store.users.create({
    account: spec.account,
    passwordHash: await hashPassword(spec.password),
    name: spec.name,
    phone: spec.phone,
    tenantId: tenant.id,
    roleId: role.id,
    passwordChangedAt: now,
  });
}

/**
 * The demo admin role (天路演示 / 管理员) holds every registered platform and resource, installed
 * plugins included. Runs at every start of the demo profile and whenever PLUGINS_DIR changes; idempotent.
 */
export async function grantDemoAdminEverything(store: Store): Promise<void> {
  const tenant = await store.org.findTenantByName(DEMO_TENANT);
  if (!tenant) return;
  const role = await store.org.ensureRole(tenant.id, DEMO_ADMIN_ROLE);
  await store.org.grantPlatforms(role.id, (await store.catalogue.listPlatforms()).map((p) => p.platformId));
  await store.org.grantResources(role.id, (await store.catalogue.listResources()).map((r) => r.id));
}

/** Demo profile data. Idempotent: running it again adds nothing and changes nothing the demo user edited. */
export async function seedDemo(store: Store, now: Date = new Date()): Promise<void> {
  await ensureUser(
    store,
    {
      tenant: DEMO_TENANT,
      kind: 'platform',
      role: DEMO_ADMIN_ROLE,
      platformIds: PLATFORM_CATALOGUE.map((p) => p.platformId),
      account: 'admin',
      password: 'Admin@123',
      name: '演示管理员',
      phone: '13800138000',
    },
    now,
  );
  await ensureUser(
    store,
    { tenant: OTHER_TENANT, kind: 'agent', role: '管理员', platformIds: OTHER_PLATFORMS, account: 'other', password: 'Other@123', name: '其他公司管理员', phone: '13900139000' },
    now,
  );
  await ensureUser(
    store,
    {
      tenant: DEMO_CUSTOMER_TENANT, kind: 'customer', parent: DEMO_TENANT, role: '管理员', platformIds: OTHER_PLATFORMS,
      account: 'wuliu', password: 'Wuliu@123', name: '演示物流管理员', phone: '13700137000',
    },
    now,
  );
  const demoTenant = await store.org.findTenantByName(DEMO_TENANT);
  for (const host of ['localhost', '127.0.0.1']) await store.sites.insertIfMissing({ host, ...DEMO_SITE }, demoTenant?.id ?? null);
  await store.dictionary.insertIfMissing(DEMO_DICTIONARY);
  for (const n of DEMO_NOTICES) {
    if ((await store.notices.findByTitle(n.title)) !== undefined) continue;
    const { daysAgo, ...notice } = n;
    await store.notices.create({ ...notice, tenantId: null, publishTime: new Date(now.getTime() - daysAgo * DAY_MS) });
  }
}
