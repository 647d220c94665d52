import { useState } from 'react';
import { AssetMonitor } from '@tianlu/sdk';
import { PetCards } from '../components/pet-cards';

/**
 * /pet/monitor 宠物定位 — 宠物守护: the pets live on the map (accuracy circles), and as cards with the
 * 寻宠 actions in the side column's first tab (the group tree the other), so the map keeps its width
 * beside the alarm desk; a card's click selects its pet on the map.
 */
export default function MonitorPage() {
  const [selected, setSelected] = useState<string>();
  return <AssetMonitor assetKind="pet" selected={selected} panel={{ title: '宠物卡片', content: <PetCards onSelect={setSelected} /> }} />;
}
