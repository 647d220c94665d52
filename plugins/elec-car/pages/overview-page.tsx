import { PlatformOverview } from '@tianlu/sdk';

/** /elec-car/overview: asset counts and the entries of 电动车卫士. */
export default function OverviewPage() {
  return <PlatformOverview platformId={18} title="电动车卫士" basePath="/elec-car/" />;
}
