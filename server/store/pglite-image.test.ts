import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteImage } from './pglite-image';

describe('new PGlite clusters from an initdb image', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tianlu-pglite-image-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the first new cluster as the image, and later clusters from it are empty, working and kept on disk', async () => {
    const file = join(dir, 'cache', 'initdb.tar');
    const first = await new PGliteImage(file).create('memory://');
    await first.exec('create table left_behind (n int)');
    await first.close();
    expect(statSync(file).size).toBeGreaterThan(1_000_000);

    // another process: only the file is shared
    const images = new PGliteImage(file);
    const dataDir = join(dir, 'cluster');
    const made = await images.create(dataDir);
    expect((await made.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'")).rows).toEqual([{ n: 0 }]);
    await made.exec("create table kept (name text); insert into kept values ('天津车队')");
    await made.close();

    // an existing cluster opens as it is, not from the image
    const reopened = await images.create(dataDir);
    expect((await reopened.query('select name from kept')).rows).toEqual([{ name: '天津车队' }]);
    await reopened.close();

    const inMemory = await images.create('memory://', { parsers: { 20: (value: string) => `#${value}` } });
    expect((await inMemory.query('select 7::int8 as n')).rows).toEqual([{ n: '#7' }]);
    await inMemory.close();
  });

  it('starts a cluster past a damaged image and puts a sound one in its place', async () => {
    const file = join(dir, 'damaged.tar');
    await writeFile(file, 'not a tar file');
    const images = new PGliteImage(file);
    const dataDir = join(dir, 'after-damage');
    const client = await images.create(dataDir);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.close();
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);

    const next = await new PGliteImage(file).create('memory://');
    expect((await next.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    await next.close();
  });
});
