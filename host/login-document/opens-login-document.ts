import { BootData } from '../../core/boot/boot-data';
import type { ConsoleConfig } from '../../sdk/services/config-service';
import { STORAGE_PREFIX, StorageKeys } from '../../sdk/services/storage-service';
import { usesLegacyLogin } from '../pages/login/login-paths';

/** The address of the login form. */
export const LOGIN_PATH = '/login';

/**
 * True when the page opens at the login form of a visitor whose start data the server put into the
 * page (the site's branding and settings): the login document draws the form without loading the
 * console's kernel. The console itself draws every other start, and /login on a legacy login host
 * (the older form), for a browser that holds a user (the console decides where it goes) or without
 * the start data (the console asks for it and sends a site without branding to /reload).
 */
export function opensLoginDocument(window: Window): boolean {
  if (window.location.pathname !== LOGIN_PATH) return false;
  try {
    if (window.localStorage.getItem(STORAGE_PREFIX + StorageKeys.user) !== null) return false;
  } catch {
    return false;
  }
  const boot = BootData.fromDocument(window.document);
  const config = boot.config<ConsoleConfig>()?.obj;
  if (!config || !boot.branding(window.location.host)?.obj) return false;
  return !usesLegacyLogin(window.location.hostname, config.legacyLoginHosts);
}
