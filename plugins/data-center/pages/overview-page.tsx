import { PlatformOverview } from '@tianlu/sdk';

/** /dataCenter/overview: asset counts and the entries of 数据中心. */
export default function OverviewPage() {
  return <PlatformOverview platformId={17} title="数据中心" basePath="/dataCenter/" />;
}
