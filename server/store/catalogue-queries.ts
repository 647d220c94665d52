import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from './db-schema';
import { CENTRE_PLATFORM_ID, PLATFORM_CATALOGUE, type PlatformEntry } from './catalogue/platform-catalogue';
import { EVERY_ROLE_RESOURCES, RESOURCE_CATALOGUE, type ResourceEntry } from './catalogue/resource-catalogue';

const resourceColumns = ['id', 'parent_id as parentId', 'name', 'type', 'path', 'icon', 'platform_id as platformId', 'sort'] as const;
/** Installed plugins sort after the built-in platforms, in the order PLUGINS_DIR lists them. */
const INSTALLED_SORT_BASE = 1000;
const platformColumns = ['platform_id as platformId', 'system_id as systemId', 'title', 'path'] as const;

/** Platforms, the resource catalogue and what a role is granted of them. */
export class CatalogueQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** Brings platforms and resources in line with the catalogue in code (every profile, every start). */
  async ensureCatalogue(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [sort, p] of PLATFORM_CATALOGUE.entries()) {
        const row = { platform_id: p.platformId, system_id: p.systemId, title: p.title, path: p.path, sort };
        await trx
          .insertInto('platforms')
          .values(row)
          .onConflict((oc) => oc.column('platform_id').doUpdateSet({ system_id: row.system_id, title: row.title, path: row.path, sort }))
          .execute();
      }
      const known = new Set((await trx.selectFrom('resources').select('id').execute()).map((r) => r.id));
      for (const r of RESOURCE_CATALOGUE) {
        const row = { id: r.id, parent_id: r.parentId, name: r.name, type: r.type, path: r.path, icon: r.icon, platform_id: r.platformId, sort: r.sort };
        const { id: _id, ...update } = row;
        await trx.insertInto('resources').values(row).onConflict((oc) => oc.column('id').doUpdateSet(update)).execute();
        if (r.grantedWith !== undefined && known.size > 0 && !known.has(r.id)) {
          await trx
            .insertInto('role_resources')
            .columns(['role_id', 'resource_id'])
            .expression((eb) => eb.selectFrom('role_resources').select(['role_id', eb.val(r.id).as('resource_id')]).where('resource_id', '=', r.grantedWith!))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
    });
  }

  /**
   * Registers plugins installed from PLUGINS_DIR: their platforms (after the built-ins) and menu
   * resources, so roles can grant them. Resources a plugin no longer declares are removed; a
   * plugin that changed its platformId gets a new platform record (grants of the old one go).
   */
  async registerInstalled(entries: readonly { platform: PlatformEntry; resources: readonly ResourceEntry[] }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const [index, { platform: p, resources }] of entries.entries()) {
        await trx.deleteFrom('platforms').where('system_id', '=', p.systemId).where('platform_id', '<>', p.platformId).execute();
        const row = { platform_id: p.platformId, system_id: p.systemId, title: p.title, path: p.path, sort: INSTALLED_SORT_BASE + index };
        const { platform_id: _pid, ...update } = row;
        await trx.insertInto('platforms').values(row).onConflict((oc) => oc.column('platform_id').doUpdateSet(update)).execute();
        const ids = resources.map((r) => r.id);
        let stale = trx.deleteFrom('resources').where('platform_id', '=', p.platformId);
        if (ids.length) stale = stale.where('id', 'not in', ids);
        await stale.execute();
        for (const r of resources) {
          const res = { id: r.id, parent_id: r.parentId, name: r.name, type: r.type, path: r.path, icon: r.icon, platform_id: p.platformId, sort: r.sort };
          const { id: _id, ...resUpdate } = res;
          await trx.insertInto('resources').values(res).onConflict((oc) => oc.column('id').doUpdateSet(resUpdate)).execute();
        }
      }
    });
  }

  async listPlatforms(): Promise<PlatformEntry[]> {
    return this.db.selectFrom('platforms').select(platformColumns).orderBy('sort').execute();
  }

  async listResources(): Promise<ResourceEntry[]> {
    return this.db.selectFrom('resources').select(resourceColumns).orderBy('platform_id').orderBy('sort').execute();
  }

  async rolePlatforms(roleId: number): Promise<PlatformEntry[]> {
    return this.db
      .selectFrom('platforms')
      .innerJoin('role_platforms', 'role_platforms.platform_id', 'platforms.platform_id')
      .where('role_platforms.role_id', '=', roleId)
      .select(['platforms.platform_id as platformId', 'system_id as systemId', 'title', 'path'])
      .orderBy('platforms.sort')
      .execute();
  }

  /**
   * The centre pages of every role, granted centre settings, and granted resources of granted
   * platforms. A centre group (设置) comes with any granted child.
   */
  async roleResources(roleId: number): Promise<ResourceEntry[]> {
    return this.db.selectFrom('resources').select(resourceColumns).where(this.grantedTo(roleId)).orderBy('platform_id').orderBy('sort').execute();
  }

  async roleHasResource(roleId: number, resourceId: number): Promise<boolean> {
    return this.roleHasAnyResource(roleId, [resourceId]);
  }

  /** Whether the role is granted one of `resourceIds` (as roleResources lists them), asked of the database alone. */
  async roleHasAnyResource(roleId: number, resourceIds: readonly number[]): Promise<boolean> {
    if (resourceIds.length === 0) return false;
    const row = await this.db
      .selectFrom('resources')
      .select('id')
      .where('id', 'in', [...resourceIds])
      .where(this.grantedTo(roleId))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The resources roleResources lists, as a condition on `resources`. */
  private grantedTo(roleId: number) {
    const granted = this.db.selectFrom('role_resources').select('resource_id').where('role_id', '=', roleId);
    return (eb: ExpressionBuilder<Database, 'resources'>) =>
      eb.or([
        eb('id', 'in', [...EVERY_ROLE_RESOURCES]),
        eb.and([
          eb('platform_id', '=', CENTRE_PLATFORM_ID),
          eb.or([
            eb('id', 'in', granted),
            eb('id', 'in', eb.selectFrom('resources as child').select('child.parent_id').where('child.id', 'in', granted).where('child.parent_id', 'is not', null).$narrowType<{ parent_id: number }>()),
          ]),
        ]),
        eb.and([
          eb('id', 'in', granted),
          eb('platform_id', 'in', eb.selectFrom('role_platforms').select('platform_id').where('role_id', '=', roleId)),
        ]),
      ]);
  }

  async roleHasPlatform(roleId: number, platformId: number): Promise<boolean> {
    if (platformId === CENTRE_PLATFORM_ID) return true;
    const row = await this.db
      .selectFrom('role_platforms')
      .select('platform_id')
      .where('role_id', '=', roleId)
      .where('platform_id', '=', platformId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
