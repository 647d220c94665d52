import { Flag, type Envelope } from '../../sdk/envelope';

/** The id of the JSON script the server writes into index.html (server/console-index.ts). */
export const BOOT_ELEMENT_ID = 'tl-boot';

/** Kernel-internal token of the {@link BootData} read from the page. */
export const BootDataToken = Symbol.for('tianlu.core.bootData');

interface BootJson {
  site?: { host?: unknown; branding?: unknown; config?: unknown; manifest?: unknown };
  session?: { userId?: unknown; roleId?: unknown; platforms?: unknown; resources?: unknown; map?: unknown };
  visitor?: { loginPage?: unknown };
}

function isOkEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Envelope;
  return e.flag === Flag.OK && (e.code === undefined || e.code === null || e.code === 0);
}

/**
 * The answers the server put into the start page, so the console's first reads need no request:
 * the site's branding, settings and manifest, the logged-in user's sub-applications, grants
 * and map, and a visitor's login page key. Each is handed out once, only when it is a successful answer for exactly what is asked
 * (this host, this user and role); every other read, and every later one, asks the server.
 */
export class BootData {
  private constructor(private readonly data: BootJson) {}

  static empty(): BootData {
    return new BootData({});
  }

  /** Reads the page's boot script; nothing when it is missing or not JSON. */
  static fromDocument(doc: Document | undefined): BootData {
    const text = doc?.getElementById(BOOT_ELEMENT_ID)?.textContent;
    if (!text) return BootData.empty();
    try {
      const parsed: unknown = JSON.parse(text);
      return new BootData(typeof parsed === 'object' && parsed !== null ? (parsed as BootJson) : {});
    } catch {
      return BootData.empty();
    }
  }

  /**
   * Takes the visitor's part out of the page's boot script: its login key is spent once the login
   * document has logged the user in, and the console started after it must not hand it out again
   * (its own login form, after 退出登录, asks for a fresh one).
   */
  static forgetVisitor(doc: Document): void {
    const script = doc.getElementById(BOOT_ELEMENT_ID);
    if (!script?.textContent) return;
    try {
      const parsed: unknown = JSON.parse(script.textContent);
      if (typeof parsed !== 'object' || parsed === null) return script.remove();
      const { visitor: _spent, ...rest } = parsed as BootJson;
      void _spent;
      script.textContent = JSON.stringify(rest);
    } catch {
      script.remove();
    }
  }

  /** The answer of queryCustomInfo for `host`. */
  branding<T>(host: string): Envelope<T> | undefined {
    const site = this.data.site;
    if (!site || site.host !== host) return undefined;
    return this.takeEnvelope<T>(site, 'branding');
  }

  /** The answer of getConfig. */
  config<T>(): Envelope<T> | undefined {
    return this.data.site && this.takeEnvelope<T>(this.data.site, 'config');
  }

  /** The manifest records (not an envelope). */
  manifest(): unknown[] | undefined {
    const site = this.data.site;
    const records = site?.manifest;
    if (!site || !Array.isArray(records)) return undefined;
    site.manifest = undefined;
    return records;
  }

  /** The answer of getPlatformByRoleId for this user and role. */
  platforms<T>(userId: number | undefined, roleId: number | undefined): Envelope<T> | undefined {
    const session = this.sessionOf(userId);
    if (!session || session.roleId !== roleId) return undefined;
    return this.takeEnvelope<T>(session, 'platforms');
  }

  /** The answer of the resource list for this user. */
  resources<T>(userId: number | undefined): Envelope<T> | undefined {
    const session = this.sessionOf(userId);
    return session && this.takeEnvelope<T>(session, 'resources');
  }

  /** The answer of getMapConfig (the map this user's browser draws) for this user. */
  map<T>(userId: number | undefined): Envelope<T> | undefined {
    const session = this.sessionOf(userId);
    return session && this.takeEnvelope<T>(session, 'map');
  }

  /** The answer of /oauth/loginPage without an account (a page key not used by anyone yet). */
  loginPage<T>(): Envelope<T> | undefined {
    return this.data.visitor && this.takeEnvelope<T>(this.data.visitor, 'loginPage');
  }

  /** The user the page's session data belongs to. */
  get sessionUserId(): number | undefined {
    const id = this.data.session?.userId;
    return typeof id === 'number' ? id : undefined;
  }

  private sessionOf(userId: number | undefined): NonNullable<BootJson['session']> | undefined {
    const session = this.data.session;
    return userId !== undefined && session && session.userId === userId ? session : undefined;
  }

  private takeEnvelope<T>(holder: Record<string, unknown>, key: string): Envelope<T> | undefined {
    const value = holder[key];
    holder[key] = undefined;
    return isOkEnvelope(value) ? (value as Envelope<T>) : undefined;
  }
}
