import { PlatformOverview } from '@tianlu/sdk';

/** /system/overview: asset counts and the entries of 系统管理. */
export default function OverviewPage() {
  return <PlatformOverview platformId={12} title="系统管理" basePath="/system/" />;
}
