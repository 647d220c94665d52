import { useState } from 'react';
import { expectOk, HttpService, useService, VehicleAdminApi, type VehicleRow, type VehicleSaveFields } from '@tianlu/sdk';
import type { AssetDialogProps } from './asset-admin-page';
import { GroupPicker, NewAssetTenantPicker } from './asset-filters';

/**
 * The owner of the asset a dialog adds or edits: its customer (chosen only for a new asset; changing
 * it clears the group, whose choices are that customer's) and its group, and the save that adds the
 * asset to that customer or updates the one edited.
 */
export function useAssetOwner(props: AssetDialogProps) {
  const http = useService(HttpService);
  const a = props.asset;
  const [tenantId, setTenantId] = useState<number | undefined>(a?.tenantId ?? props.defaultTenantId ?? props.options.tenants[0]?.id);
  const [groupId, setGroupId] = useState<number | undefined>(a?.groupId ?? undefined);

  const tenantPicker = !a && (
    <NewAssetTenantPicker
      tenants={props.options.tenants}
      value={tenantId}
      onChange={(id) => {
        setTenantId(id);
        setGroupId(undefined);
      }}
    />
  );
  const groupPicker = (label: string) => (
    <GroupPicker label={label} groups={props.options.groups} tenantId={tenantId} value={groupId} emptyLabel="未分组" onChange={setGroupId} />
  );
  /** Adds the asset or saves the edit; answers the row as the server keeps it (throws its refusal). */
  const save = async (fields: VehicleSaveFields): Promise<VehicleRow> =>
    a ? expectOk(await http.call(VehicleAdminApi.update, { id: a.id, ...fields })) : expectOk(await http.call(VehicleAdminApi.add, { ...fields, tenantId }));

  return { groupId, tenantPicker, groupPicker, save };
}
