import { TripLog } from '@tianlu/sdk';

/** /pet/walks 遛狗记录 — 宠物守护: a pet's walks of a day or a week, with a replay of each. */
export default function WalksPage() {
  return <TripLog assetKind="pet" title="遛狗记录" trip="遛狗" noun="宠物" />;
}
