import { PlatformOverview } from '@tianlu/sdk';

/** /elec-gb/overview: asset counts and the entries of 新国标. */
export default function OverviewPage() {
  return <PlatformOverview platformId={26} title="新国标" basePath="/elec-gb/" />;
}
