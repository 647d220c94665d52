/** What of the server's store the people are provisioned through. */
interface PeopleStore {
  org: { findTenantByName(name: string): Promise<{ id: number } | null | undefined> };
  fleet: {
    provision(input: {
      tenantId: number; groupId: null; terminalNo: string; displayNo: string; authCode: string; imei: string;
      protocol: 'watch'; plateNo: string; assetKind: 'person'; profile: { department: string };
    }): Promise<unknown>;
  };
}

/**
 * People of 生产部 of the demo tenant (天路演示), each wearing a watch-protocol badge whose IMEI is
 * `imeiPrefix` and the person's two-digit index: the staff a page test of 智能工牌 reports on.
 */
export async function provisionBadgeWearers(store: PeopleStore, names: readonly string[], imeiPrefix: string): Promise<void> {
  const demo = (await store.org.findTenantByName('天路演示'))!;
  for (const [i, name] of names.entries()) {
    const imei = `${imeiPrefix}${String(i).padStart(2, '0')}`;
    await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'watch', plateNo: name, assetKind: 'person', profile: { department: '生产部' } });
  }
}
