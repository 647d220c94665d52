import { PlatformOverview } from '@tianlu/sdk';

/** /car/overview: asset counts and the entries of 智能车联. */
export default function OverviewPage() {
  return <PlatformOverview platformId={8} title="智能车联" basePath="/car/" />;
}
