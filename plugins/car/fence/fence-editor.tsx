import { useEffect } from 'react';
import { Button, Field, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Text, tokens } from '@fluentui/react-components';
import { CenterFields, Input, type LonLat, PlaceSearch, useCenterEntry } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import type { DrawMode } from '@tianlu/sdk';
import { FenceBinding } from './fence-binding';
import { FENCE_NAME_MAX, SHAPE_LABELS, TRIGGER_LABELS, type FenceStore, type FenceTrigger } from './fence-store';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '10px', minHeight: 0, overflowY: 'auto' },
  hint: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2, background: tokens.colorNeutralBackground3, padding: '6px 8px', borderRadius: tokens.borderRadiusMedium },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: '8px' },
});

const HINTS: Record<DrawMode, string> = {
  circle: '在地图上按住圆心拖动到半径处松开（或单击圆心、再单击圆周）',
  polygon: '在地图上依次单击各顶点，双击结束；按 Esc 重新开始',
};

/** Describes what was drawn: radius or vertex count. */
function drawnText(store: FenceStore): string | undefined {
  const d = store.draft!;
  if (d.shape === 'circle' && d.center && d.radius) return `已绘制圆形，半径 ${d.radius} 米`;
  if (d.shape === 'polygon' && d.points?.length) return `已绘制多边形，${d.points.length} 个顶点`;
  return undefined;
}

/** Radius a circle found by address or typed gets until one is drawn (metres). */
const TYPED_RADIUS = 500;

const samePoint = (a: LonLat | undefined, b: readonly [number, number] | undefined) =>
  !!a && !!b && Math.abs(a[0] - b[0]) < 1e-6 && Math.abs(a[1] - b[1]) < 1e-6;

/**
 * A circle's centre typed or pasted (WGS84, GCJ-02 or BD-09) or found by address; a drawn centre
 * shows in the fields.
 */
const FenceCenter = observer(function FenceCenter(props: { store: FenceStore }) {
  const { store } = props;
  const center = store.draft?.center;
  const entry = useCenterEntry(center);
  const { reset, wgs84, touched } = entry;
  useEffect(() => {
    if (center && !samePoint(wgs84, center)) reset(center);
    // only when the draft's centre changes (drawn)
  }, [center?.[0], center?.[1]]);
  useEffect(() => {
    const d = store.draft;
    // as if drawn there: the circle is set and drawing stops
    if (touched && wgs84 && d && !samePoint(wgs84, d.center)) store.drawn({ kind: 'circle', center: wgs84, radius: d.radius ?? TYPED_RADIUS });
  }, [wgs84?.[0], wgs84?.[1], touched]);
  return (
    <>
      <PlaceSearch onFound={(p) => entry.setWgs84([p.lon, p.lat])} />
      <CenterFields entry={entry} />
    </>
  );
});

/** 新增围栏 / 编辑围栏: name, shape drawn on the map, trigger, bound vehicles and groups. */
export const FenceEditor = observer(function FenceEditor(props: { store: FenceStore; onSave: () => Promise<void> }) {
  const s = useStyles();
  const { store } = props;
  const draft = store.draft!;
  const drawn = drawnText(store);
  return (
    <form
      className={s.form}
      aria-label={draft.id ? '编辑围栏' : '新增围栏'}
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSave();
      }}
    >
      <Text weight="semibold" size={400}>
        {draft.id ? '编辑围栏' : '新增围栏'}
      </Text>
      <Field label="围栏名称" required validationMessage={store.draftErrors.name} validationState={store.draftErrors.name ? 'error' : 'none'}>
        <Input value={draft.name} maxLength={FENCE_NAME_MAX} onChange={(_, d) => store.patch({ name: d.value })} />
      </Field>
      <Field label="形状">
        <RadioGroup layout="horizontal" value={draft.shape} onChange={(_, d) => store.setShape(d.value as DrawMode)}>
          {(Object.keys(SHAPE_LABELS) as DrawMode[]).map((k) => (
            <Radio key={k} value={k} label={SHAPE_LABELS[k]} />
          ))}
        </RadioGroup>
      </Field>
      {store.drawing ? (
        <div className={s.hint} data-testid="draw-hint">
          {HINTS[store.drawing]}
        </div>
      ) : (
        <div className={s.actions}>
          <Text size={200} data-testid="drawn">
            {drawn ?? '尚未绘制'}
          </Text>
          <Button size="small" onClick={store.redraw}>
            {drawn ? '重新绘制' : '开始绘制'}
          </Button>
        </div>
      )}
      {draft.shape === 'circle' && <FenceCenter key={draft.id ?? 'new'} store={store} />}
      {store.draftErrors.shape && <span className={s.error}>{store.draftErrors.shape}</span>}
      <Field label="触发方式">
        <RadioGroup layout="horizontal" value={draft.trigger} onChange={(_, d) => store.patch({ trigger: d.value as FenceTrigger })}>
          {(Object.keys(TRIGGER_LABELS) as FenceTrigger[]).map((k) => (
            <Radio key={k} value={k} label={TRIGGER_LABELS[k]} />
          ))}
        </RadioGroup>
      </Field>
      <FenceBinding store={store} />
      {store.saveError && (
        <MessageBar intent="error">
          <MessageBarBody>{store.saveError}</MessageBarBody>
        </MessageBar>
      )}
      <div className={s.actions}>
        <Button appearance="primary" type="submit" disabled={store.saving}>
          保存
        </Button>
        <Button disabled={store.saving} onClick={store.cancel}>
          取消
        </Button>
      </div>
    </form>
  );
});
