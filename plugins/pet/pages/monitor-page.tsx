import { AssetMonitor } from '@tianlu/sdk';

/** /pet/monitor 宠物定位 — 宠物守护: the tenant's pets (collars), live. */
export default function MonitorPage() {
  return <AssetMonitor assetKind="pet" />;
}
