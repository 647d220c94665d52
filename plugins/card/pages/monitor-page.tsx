import { AssetMonitor } from '@tianlu/sdk';
import { PersonCard } from '../monitor/person-card';

/** /card/monitor 人员监控 — 智能工牌: the tenant's people (staff badges) by 部门, live; the selected person's card over the map. */
export default function MonitorPage() {
  return <AssetMonitor assetKind="person" groupBy="department" detail={(terminalNo) => <PersonCard terminalNo={terminalNo} />} />;
}
