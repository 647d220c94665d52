import { AssetMonitor } from '@tianlu/sdk';

/** /card/monitor 人员监控 — 智能工牌: the tenant's people (staff badges), live. */
export default function MonitorPage() {
  return <AssetMonitor assetKind="person" />;
}
