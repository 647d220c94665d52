import { useState } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { AssetMonitor } from '@tianlu/sdk';
import { PetCards } from '../components/pet-cards';

const useStyles = makeStyles({
  page: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 320px', gap: '12px', height: '100%', minHeight: '560px' },
});

/** /pet/monitor 宠物定位 — 宠物守护: the pets live on the map (accuracy circles), and as cards with the 寻宠 actions; a card's click selects its pet on the map. */
export default function MonitorPage() {
  const s = useStyles();
  const [selected, setSelected] = useState<string>();
  return (
    <div className={s.page}>
      <AssetMonitor assetKind="pet" selected={selected} />
      <PetCards onSelect={setSelected} />
    </div>
  );
}
