import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

/** An uploaded image as it is served. */
export interface MediaFile {
  contentType: string;
  data: Uint8Array;
}

/** Uploaded images (asset photos): written once, read by their unguessable name. */
export class MediaQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async save(file: { name: string; tenantId: number; contentType: string; data: Uint8Array; createdBy: number }): Promise<void> {
    // a view through this global's Uint8Array: the embedded store takes no other bytes (a Buffer of
    // another realm, as under a page test's DOM, is refused there); PostgreSQL's driver takes any
    const data = new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength);
    await this.db
      .insertInto('media_files')
      .values({ name: file.name, tenant_id: file.tenantId, content_type: file.contentType, size: data.length, data, created_by: file.createdBy })
      .execute();
  }

  async find(name: string): Promise<MediaFile | undefined> {
    return this.db.selectFrom('media_files').select(['content_type as contentType', 'data']).where('name', '=', name).executeTakeFirst();
  }
}
