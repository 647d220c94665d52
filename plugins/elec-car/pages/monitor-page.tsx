import { AssetMonitor } from '@tianlu/sdk';

/** /elec-car/monitor 车辆监控 — 电动车卫士: the tenant's e-bikes (guards), live. */
export default function MonitorPage() {
  return <AssetMonitor assetKind="ebike" />;
}
