import { PlatformOverview } from '@tianlu/sdk';

/** /card/overview: asset counts and the entries of 智能工牌. */
export default function OverviewPage() {
  return <PlatformOverview platformId={11} title="智能工牌" basePath="/card/" />;
}
