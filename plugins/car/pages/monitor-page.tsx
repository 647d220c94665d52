import { AssetMonitor } from '@tianlu/sdk';

/** /car/monitor 实时监控: the tenant's vehicles, live. */
export default function MonitorPage() {
  return <AssetMonitor assetKind="vehicle" />;
}
