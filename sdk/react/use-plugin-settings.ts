import { useCallback, useEffect, useState } from 'react';
import { PluginSettingsApi } from '../contracts/center';
import type { PluginSettingValues } from '../plugin-settings';
import { expectOk, HttpService, NETWORK_ERROR_MESSAGE } from '../services/http-service';
import { usePlugin } from './plugin-scope';
import { useService } from './use-service';

/** What {@link usePluginSettings} gives a page. */
export interface PluginSettingsState {
  /** The current tenant's values, every declared field present (defaults where it saved none); undefined while loading or after a failure. */
  values?: PluginSettingValues;
  /** True while they load. */
  loading: boolean;
  /** Why they could not be read (the server's msg, or 网络异常). */
  error?: string;
  /** Reads them again (after the tenant's administrator changed them on 插件设置). */
  reload: () => void;
}

/**
 * The settings of the page's own plugin (`settings` of its manifest.json or declaration) as the
 * current user's tenant saved them on 系统中心 › 设置 › 插件设置, defaults filled in. Read once when
 * the page opens; `reload()` reads them again.
 */
export function usePluginSettings(): PluginSettingsState {
  const { systemId } = usePlugin();
  const http = useService(HttpService);
  const [state, setState] = useState<{ values?: PluginSettingValues; error?: string; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    http
      .call(PluginSettingsApi.values, { systemId })
      .then((res) => live && setState({ values: expectOk(res), loading: false }))
      .catch((e: unknown) => live && setState({ error: e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE, loading: false }));
    return () => void (live = false);
  }, [http, systemId, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}
