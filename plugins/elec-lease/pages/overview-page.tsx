import { PlatformOverview } from '@tianlu/sdk';

/** /elec-lease/overview: asset counts and the entries of 电动车租赁. */
export default function OverviewPage() {
  return <PlatformOverview platformId={23} title="电动车租赁" basePath="/elec-lease/" />;
}
