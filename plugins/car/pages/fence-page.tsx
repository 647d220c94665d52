import { useEffect, useState } from 'react';
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { AssetMap, ConfirmDialog, HttpService, PageSection, ToastService, useService, type ListWords, type MapViewState } from '@tianlu/sdk';
import { FenceEditor } from '../fence/fence-editor';
import { SHAPE_LABELS, TRIGGER_LABELS, FenceStore, type Fence } from '../fence/fence-store';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: '340px minmax(0, 1fr)', gap: '12px', height: '100%', minHeight: '560px' },
  side: { display: 'flex', flexDirection: 'column', minHeight: 0 },
  editor: {
    display: 'flex',
    flexDirection: 'column',
    flex: 1,
    minHeight: 0,
    padding: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  list: { flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '6px', margin: 0, padding: 0, listStyle: 'none' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    cursor: 'pointer',
  },
  focused: { border: `1px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  meta: { display: 'flex', gap: '6px', alignItems: 'center', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: '4px', justifyContent: 'flex-end' },
  map: { position: 'relative', minHeight: 0, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', boxShadow: tokens.shadow2 },
  empty: { color: tokens.colorNeutralForeground3, padding: '16px 0', textAlign: 'center' },
});

/** The list's card fills the column; its list scrolls inside it. */
const LIST_CARD = { flex: 1, minHeight: 0, padding: '12px', gap: '8px' } as const;

/** What a fence binds, in the words of its assets' kind: 车辆 2 · 车组 1, 人员 3 · 部门 1, 资产 4 · 分组 0. */
function bindingText(f: Fence, words: ListWords): string {
  return `${words.noun} ${f.vehicleIds.length} · ${words.groupLabel} ${f.groupIds.length}`;
}

/**
 * /car/fence 电子围栏: the fences on the map, drawing circles and polygons, binding assets and
 * groups; each says what it binds in its assets' words (the vocabulary of their kind).
 */
const FencePage = observer(function FencePage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const [store] = useState(() => new FenceStore(http));
  const [deleting, setDeleting] = useState<Fence>();
  // where the map of the current view (browsing, a fence edited) settled: its WGS84 box, on the map's region
  const [shown, setShown] = useState<MapViewState & { of: string }>();
  useEffect(() => void store.load(), [store]);

  const confirmDelete = async (fence: Fence) => {
    await store.remove(fence.id);
    toast.show(`已删除围栏 ${fence.name}`, 'success');
  };

  const save = async () => {
    const name = store.draft?.name.trim();
    if (await store.save()) toast.show(`已保存围栏 ${name}`, 'success');
  };

  return (
    <div className={s.root}>
      <aside className={s.side} aria-label="围栏列表">
        {store.draft ? (
          <div className={s.editor}>
            <FenceEditor store={store} onSave={save} />
          </div>
        ) : (
          <PageSection
            title={`电子围栏（${store.fences.length}）`}
            style={LIST_CARD}
            error={store.error}
            onRetry={() => void store.load()}
            tools={
              <Button appearance="primary" size="small" onClick={store.create}>
                新增围栏
              </Button>
            }
          >
            <ul className={s.list}>
              {!store.loading && store.fences.length === 0 && !store.error && <li className={s.empty}>暂无围栏，点击“新增围栏”在地图上绘制</li>}
              {store.fences.map((f) => (
                <li
                  key={f.id}
                  className={`${s.item} ${store.focused === f.id ? s.focused : ''}`}
                  aria-label={`围栏 ${f.name}`}
                  aria-current={store.focused === f.id}
                  onClick={() => store.focus(f.id)}
                >
                  <Text weight="semibold">{f.name}</Text>
                  <span className={s.meta}>
                    <Badge appearance="tint" size="small">
                      {SHAPE_LABELS[f.shape]}
                    </Badge>
                    <Badge appearance="tint" size="small" color="informative">
                      {TRIGGER_LABELS[f.trigger]}
                    </Badge>
                    <span>{bindingText(f, store.wordsOf(f))}</span>
                  </span>
                  <span className={s.actions}>
                    <Button
                      size="small"
                      appearance="transparent"
                      onClick={(e) => {
                        e.stopPropagation();
                        store.edit(f);
                      }}
                    >
                      编辑
                    </Button>
                    <Button
                      size="small"
                      appearance="transparent"
                      onClick={(e) => {
                        e.stopPropagation();
                        setDeleting(f);
                      }}
                    >
                      删除
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          </PageSection>
        )}
      </aside>
      <section className={s.map} aria-label="围栏地图" data-drawing={store.drawing ?? ''} data-view={shown?.of === store.mapView ? shown.bounds.join(',') : undefined}>
        {/* a fence drafted: the view fits it and the assets it binds (marked), again as the binding changes, never while drawing */}
        <AssetMap
          key={store.mapView}
          items={store.mapVehicles}
          legend={false}
          shapes={store.shapes}
          marked={store.markedTerminals}
          fitKey={store.drawing ? undefined : store.mapFit}
          fitShapes={store.draftShapeId ? [store.draftShapeId] : undefined}
          onShapeClick={(id) => !store.draft && store.focus(Number(id))}
          focusShape={!store.draft && store.focused !== undefined ? String(store.focused) : undefined}
          draw={store.drawing}
          onDraw={store.drawn}
          onViewChange={(v) => setShown({ ...v, of: store.mapView })}
        />
      </section>
      {deleting && (
        <ConfirmDialog
          title="删除围栏"
          message={`确定删除围栏“${deleting.name}”吗？删除后绑定的${store.wordsOf(deleting).noun}不再产生该围栏的告警。`}
          confirmText="删除"
          alert
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </div>
  );
});
export default FencePage;
