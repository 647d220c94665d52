import { TripLog } from '@tianlu/sdk';

/** /elec-car/rides 骑行记录 — 电动车卫士: an e-bike's rides of a day or a week, with a replay of each. */
export default function RidesPage() {
  return <TripLog assetKind="ebike" title="骑行记录" trip="骑行" noun="电动车" />;
}
