import { useState } from 'react';
import { Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { flattenGroups, Input, searchLabel } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';

import type { FenceStore } from './fence-store';

/** Assets listed at once; a search narrows the rest. */
const SHOWN_ASSETS = 200;

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '4px' },
  list: { maxHeight: '160px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '2px 6px' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * The groups and assets the fence being edited binds, in the words of the assets listed (绑定车组 and
 * 绑定车辆 of vehicles, 绑定部门 and 绑定人员 of people, 绑定分组 and 绑定资产 of several kinds).
 */
export const FenceBinding = observer(function FenceBinding(props: { store: FenceStore }) {
  const s = useStyles();
  const { store } = props;
  const draft = store.draft!;
  const { noun, groupLabel, unit } = store.words;
  const [keyword, setKeyword] = useState('');
  // the bound assets the map cannot show yet, in their own words
  const unplaced = store.unplacedBound;
  const bound = store.wordsOf(draft);
  // 未分组 (id 0) gathers the assets outside every group: it is not a group a fence can bind
  const groups = flattenGroups(store.groups).filter((g) => g.id !== '0');
  const k = keyword.trim().toLowerCase();
  const matching = store.vehicles.filter((v) => !k || (v.plateNo ?? '').toLowerCase().includes(k) || v.terminalNo.includes(k));
  return (
    <>
      <div className={s.box} role="group" aria-label={`绑定${groupLabel}`}>
        <Text weight="semibold">绑定{groupLabel}（已选 {draft.groupIds.length} 个）</Text>
        <div className={s.list}>
          {groups.length === 0 && <span className={s.muted}>暂无{groupLabel}</span>}
          {groups.map((g) => (
            <div key={g.id} style={{ paddingLeft: g.depth * 14 }}>
              <Checkbox label={g.name} checked={draft.groupIds.includes(Number(g.id))} onChange={(_, d) => store.toggleGroup(Number(g.id), !!d.checked)} />
            </div>
          ))}
        </div>
      </div>
      <div className={s.box} role="group" aria-label={`绑定${noun}`}>
        <Text weight="semibold">绑定{noun}（已选 {draft.vehicleIds.length} {unit}）</Text>
        <Input maxLength={50} size="small" placeholder={`搜索${searchLabel(store.words)}`} aria-label={`搜索${noun}`} value={keyword} onChange={(_, d) => setKeyword(d.value)} />
        <div className={s.list}>
          {matching.length === 0 && <span className={s.muted}>没有匹配的{noun}</span>}
          {matching.slice(0, SHOWN_ASSETS).map((v) => (
            <div key={v.terminalNo}>
              <Checkbox
                label={`${v.plateNo || v.terminalNo}（${v.terminalNo}）`}
                checked={draft.vehicleIds.includes(v.vehicleId!)}
                onChange={(_, d) => store.toggleVehicle(v.vehicleId!, !!d.checked)}
              />
            </div>
          ))}
          {matching.length > SHOWN_ASSETS && <span className={s.muted}>还有 {matching.length - SHOWN_ASSETS} {unit}，请输入关键字缩小范围</span>}
        </div>
        {unplaced > 0 && (
          <span className={s.muted} role="status">
            已绑定的{bound.noun}中有 {unplaced} {bound.unit}暂无位置，地图上暂不显示
          </span>
        )}
      </div>
    </>
  );
});
