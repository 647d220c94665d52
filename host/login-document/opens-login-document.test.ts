import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID } from '../../core/boot/boot-data';
import { STORAGE_PREFIX, StorageKeys } from '../../sdk/services/storage-service';
import { opensLoginDocument } from './opens-login-document';

const ok = (obj: unknown) => ({ flag: 1, msg: '', obj });
const SITE = { host: window.location.host, branding: ok({ title: '天路车联网平台', description: '', keyword: '', iconUrl: '' }), config: ok({ legacyLoginHosts: [] }) };

/** The page as the server writes it: its start data in the boot script. */
function page(path: string, data: unknown): void {
  window.history.replaceState(null, '', path);
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
  const script = document.createElement('script');
  script.id = BOOT_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.body.appendChild(script);
}

afterEach(() => {
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
  window.history.replaceState(null, '', '/');
});

describe('where the page starts', () => {
  it("opens the login document for a visitor's /login with the site's branding and settings in the page", () => {
    page('/login', { site: SITE, visitor: { loginPage: ok({ pageId: 'p1', key: 'k' }) } });
    expect(opensLoginDocument(window)).toBe(true);
  });

  it('starts the console on every other path, also for a visitor', () => {
    for (const path of ['/', '/home', '/car/monitor', '/login/', '/checkLogin', '/reload']) {
      page(path, { site: SITE, visitor: {} });
      expect(opensLoginDocument(window), path).toBe(false);
    }
  });

  it('starts the console at /login when the browser holds a user', () => {
    page('/login', { site: SITE, visitor: {} });
    localStorage.setItem(STORAGE_PREFIX + StorageKeys.user, JSON.stringify({ userId: 1 }));
    expect(opensLoginDocument(window)).toBe(false);
  });

  it('starts the console on a legacy login host (the older form), matched by hostname', () => {
    page('/login', { site: { ...SITE, config: ok({ legacyLoginHosts: [window.location.hostname.toUpperCase()] }) }, visitor: {} });
    expect(opensLoginDocument(window)).toBe(false);
  });

  it('starts the console when the start data is missing, is for another host, or says the site has no branding', () => {
    page('/login', { site: { ...SITE, branding: { flag: 5001, msg: '站点未配置', obj: null } }, visitor: {} });
    expect(opensLoginDocument(window)).toBe(false);
    page('/login', { site: { ...SITE, host: 'other.example.com' }, visitor: {} });
    expect(opensLoginDocument(window)).toBe(false);
    page('/login', { site: { ...SITE, config: undefined }, visitor: {} });
    expect(opensLoginDocument(window)).toBe(false);
    document.getElementById(BOOT_ELEMENT_ID)!.textContent = 'not json';
    expect(opensLoginDocument(window)).toBe(false);
    document.getElementById(BOOT_ELEMENT_ID)!.remove();
    expect(opensLoginDocument(window)).toBe(false);
  });
});
