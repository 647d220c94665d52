import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * A new PGlite cluster starts from an image of a freshly initialised one instead of running initdb
 * again: initdb is most of the seconds a new embedded database takes (a server's first start, each
 * test database), loading the image about a third of them.
 *
 * The image is what initdb leaves and nothing else (no schema, no data): it depends only on the
 * PGlite version, which names the file. It is kept in memory for the process and on disk under
 * `node_modules/.cache/tianlu/`, written by the first cluster this installation initialises.
 * Where the disk is read-only or the file is damaged, a cluster is initialised as before.
 */
export function createPGlite(dataDir: string, options: PGliteOptions = {}): Promise<PGlite> {
  return installationImage.create(dataDir, options);
}

/** Initdb images kept in one file (and in memory once read or made). */
export class PGliteImage {
  private held: Promise<Blob | undefined> | undefined;

  /** `file`: where the image is kept on disk; null keeps it in memory only. */
  constructor(readonly file: string | null) {}

  /** A PGlite on `dataDir`: a new cluster from the image where there is one, an existing one as it is. */
  async create(dataDir: string, options: PGliteOptions = {}): Promise<PGlite> {
    if (!isNewCluster(dataDir)) return PGlite.create(dataDir, options);
    const image = await this.read();
    if (image) {
      try {
        return await PGlite.create(dataDir, { ...options, loadDataDir: image });
      } catch {
        // a damaged image: this cluster starts as every cluster did before images, and makes a new one
        this.held = Promise.resolve(undefined);
        if (this.file) await rm(this.file, { force: true }).catch(() => undefined);
        if (!dataDir.includes('://')) await emptyDirectory(dataDir);
      }
    }
    const client = await PGlite.create(dataDir, options);
    await this.keep(client);
    return client;
  }

  private read(): Promise<Blob | undefined> {
    this.held ??= (async () => {
      if (!this.file) return undefined;
      try {
        return new Blob([await readFile(this.file)]);
      } catch {
        return undefined;
      }
    })();
    return this.held;
  }

  /** Keeps a just-initialised cluster as the image (in memory, and on disk when none is there). */
  private async keep(client: PGlite): Promise<void> {
    let image: Blob;
    try {
      image = await client.dumpDataDir('none');
    } catch {
      return;
    }
    this.held = Promise.resolve(image);
    const file = this.file;
    if (!file || existsSync(file)) return;
    // written whole under another name, then renamed: a reader never sees half an image
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
      await rename(partial, file);
    } catch {
      await rm(partial, { force: true }).catch(() => undefined);
    }
  }
}

/** A memory database, or a directory PostgreSQL has not initialised (PG_VERSION is initdb's first file). */
function isNewCluster(dataDir: string): boolean {
  if (dataDir === '' || dataDir.startsWith('memory://')) return true;
  if (dataDir.includes('://')) return false; // idb:// and other stores: left to PGlite
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

async function emptyDirectory(dir: string): Promise<void> {
  const names = existsSync(dir) ? readdirSync(dir) : [];
  await Promise.all(names.map((name) => rm(join(dir, name), { recursive: true, force: true })));
}

/** `node_modules/.cache/tianlu/pglite-<version>-initdb.tar` beside the PGlite this server runs. */
function installationImageFile(): string | null {
  try {
    const require = createRequire(import.meta.url);
    // .../node_modules/@electric-sql/pglite/dist/index.cjs
    const pkgDir = dirname(dirname(require.resolve('@electric-sql/pglite')));
    const { version } = require(join(pkgDir, 'package.json')) as { version: string };
    return join(pkgDir, '..', '..', '.cache', 'tianlu', `pglite-${version}-initdb.tar`);
  } catch {
    return null;
  }
}

const installationImage = new PGliteImage(installationImageFile());
