import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Channel secrets (SMTP password, access keys, robot and webhook secrets) at rest: AES-256-GCM
 * under the server's notify key, stored as `v1:<iv>:<tag>:<ciphertext>` (base64). The console
 * never receives them back in full.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('告警推送密钥必须是 32 字节（AES-256）');
  }

  seal(secrets: Record<string, string>): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  /** The secrets; throws when the text was not sealed with this key or was altered. */
  open(sealed: string): Record<string, string> {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('告警推送密钥格式不正确');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Record<string, string>;
  }
}

/** A secret shown to the console: its last four characters only. */
export function maskSecret(secret: string | undefined): string {
  if (!secret) return '';
  return secret.length <= 4 ? '****' : `****${secret.slice(-4)}`;
}

/** NOTIFY_KEY as 64 hex digits or base64 of 32 bytes. */
export function parseNotifyKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('NOTIFY_KEY 必须是 32 字节的密钥（64 位十六进制或 base64）');
  return key;
}

/**
 * The notify key: NOTIFY_KEY when set (several instances must share it), otherwise the one in
 * `<dataDir>/notify.key`, made on first start (readable by the server's user only).
 */
export async function loadNotifyKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return parseNotifyKey(configured);
  const file = join(dataDir, 'notify.key');
  try {
    return parseNotifyKey((await readFile(file, 'utf8')).trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32);
  await mkdir(dataDir, { recursive: true });
  // wx: two processes starting at once do not overwrite each other's key
  try {
    await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return parseNotifyKey((await readFile(file, 'utf8')).trim());
  }
}
