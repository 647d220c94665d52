import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

export interface SiteBranding {
  host: string;
  title: string;
  description: string;
  keyword: string;
  iconUrl: string;
}

/** Branding per host name (without port). */
export class SiteQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async find(host: string): Promise<SiteBranding | undefined> {
    return this.db
      .selectFrom('sites')
      .select(['host', 'title', 'description', 'keyword', 'icon_url as iconUrl'])
      .where('host', '=', host)
      .executeTakeFirst();
  }

  async upsert(site: SiteBranding, tenantId: number | null = null): Promise<void> {
    const row = { host: site.host, title: site.title, description: site.description, keyword: site.keyword, icon_url: site.iconUrl, tenant_id: tenantId };
    const { host: _host, ...update } = row;
    await this.db.insertInto('sites').values(row).onConflict((oc) => oc.column('host').doUpdateSet(update)).execute();
  }

  /** Adds the site only when the host has none, so an edited branding survives a re-seed. */
  async insertIfMissing(site: SiteBranding, tenantId: number | null = null): Promise<void> {
    await this.db
      .insertInto('sites')
      .values({ host: site.host, title: site.title, description: site.description, keyword: site.keyword, icon_url: site.iconUrl, tenant_id: tenantId })
      .onConflict((oc) => oc.column('host').doNothing())
      .execute();
  }
}
