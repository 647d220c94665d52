import { useEffect, useState } from 'react';
import { expectOk, HttpService, TenantAdminApi, useService, type TenantOption } from '@tianlu/sdk';

export { orderTenants, TenantSelect } from '@tianlu/sdk';

/** The tenants the caller may pick: its own and those below it. */
export function useTenantOptions(): TenantOption[] | undefined {
  const http = useService(HttpService);
  const [options, setOptions] = useState<TenantOption[]>();
  useEffect(() => {
    let live = true;
    http
      .call(TenantAdminApi.options)
      .then((res) => live && setOptions(expectOk(res)))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [http]);
  return options;
}
