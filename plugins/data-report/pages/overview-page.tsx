import { PlatformOverview } from '@tianlu/sdk';

/** /data-report/overview: asset counts and the entries of 数据报表. */
export default function OverviewPage() {
  return <PlatformOverview platformId={20} title="数据报表" basePath="/data-report/" />;
}
