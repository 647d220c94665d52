import { PlatformOverview } from '@tianlu/sdk';

/** /pet/overview: asset counts and the entries of 宠物守护. */
export default function OverviewPage() {
  return <PlatformOverview platformId={13} title="宠物守护" basePath="/pet/" />;
}
