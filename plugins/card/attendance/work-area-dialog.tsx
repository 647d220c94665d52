import { useMemo, useState } from 'react';
import {
  Button, Field, makeStyles, Text, tokens,
} from '@fluentui/react-components';
import {
  ASSET_VOCABULARY, AssetMap, AttendanceApi, boundsText, CenterFields, expectOk, FormDialog, HttpService, Input, type LonLat, type MapShape, type MonitorItem, PlaceSearch,
  useAssetsOfKind, useCenterEntry, useCircleDrawing, useService,
} from '@tianlu/sdk';
import { errorText, type WorkArea, type WorkShift } from './attendance-api';
import { workAreaMapView } from './work-area-map';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px 16px' },
  wide: { gridColumn: '1 / -1' },
  error: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1 },
  map: { gridColumn: '1 / -1', height: '300px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', border: `1px solid ${tokens.colorNeutralStroke2}` },
  tools: { gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: '8px' },
});

/** The circle typed so far (WGS84), when its centre is usable; `id` changes to bring it into view again. */
function circleOf(id: string, center: LonLat | undefined, radius: string, name: string): MapShape | undefined {
  if (!center) return undefined;
  const r = Number(radius);
  return { id, kind: 'circle', center, radius: Number.isFinite(r) && r > 0 ? r : 0, label: name || '考勤区域', highlighted: true };
}

/** What the map opens on, said under it in the words of people (人员, 人). */
function viewNote(shown: readonly MonitorItem[], editing: boolean, areas: number): string {
  const { noun, unit } = ASSET_VOCABULARY.person;
  const names = shown.slice(0, 5).map((p) => p.plateNo ?? p.terminalNo).join('、') + (shown.length > 5 ? ' 等' : '');
  if (shown.length) return `地图显示${editing ? `绑定${noun}` : noun} ${shown.length} ${unit}：${names}`;
  if (editing) return `没有已定位的绑定${noun}，地图显示本区域`;
  return areas ? `没有已定位的${noun}，地图显示已有的考勤区域` : `没有已定位的${noun}`;
}

type AreaField = 'name' | 'center' | 'radius';

/** The field a refusal of the server is about, by the label its message starts with. */
function fieldOf(message: string): AreaField | undefined {
  if (message.startsWith('区域名称')) return 'name';
  if (message.startsWith('圆心')) return 'center';
  if (message.startsWith('半径')) return 'radius';
  return undefined;
}

/** Why the last save was refused, and the value of the field it was about when it was. */
interface Refusal {
  message: string;
  field?: AreaField;
  value?: string;
}

/**
 * 新增考勤区域 / 编辑考勤区域: a name and a circle (centre stored in WGS84, typed or pasted in WGS84,
 * GCJ-02 or BD-09; radius in metres), drawn on the map (在地图上画圆 fills the centre and radius),
 * typed, or centred on a place found by address; the server checks every field. The map opens on
 * the area and the people its shifts bind, marked (a new area: all people); without any, on the
 * area (a new one: the existing areas). `data-bounds` and `data-marked` of the map's region say
 * the WGS84 box the view fits and the terminalNos marked.
 */
export function WorkAreaDialog(props: { area?: WorkArea; areas?: readonly WorkArea[]; shifts?: readonly WorkShift[]; onSaved: () => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const a = props.area;
  const [name, setName] = useState(a?.name ?? '');
  const entry = useCenterEntry(a?.center);
  const { lon, lat } = entry;
  const [radius, setRadius] = useState(a ? String(a.radius) : '');
  const [refusal, setRefusal] = useState<Refusal>();
  const drawing = useCircleDrawing(entry, setRadius);
  // each place found by address is brought into view
  const { found } = drawing;
  const circle = useMemo(() => circleOf(`area-${found}`, entry.wgs84, radius, name), [found, entry.wgs84, radius, name]);
  const people = useAssetsOfKind('person');
  const others = useMemo<MapShape[]>(
    () => (props.areas ?? []).filter((x) => x.id !== a?.id).map((x) => ({ id: `area-${x.id}`, kind: 'circle', center: x.center, radius: x.radius, label: x.name })),
    [props.areas, a],
  );
  const shapes = useMemo(() => (circle ? [...others, circle] : others), [others, circle]);
  const circleId = circle?.id;
  const mapView = useMemo(() => workAreaMapView(people, a, props.shifts ?? [], circleId), [people, a, props.shifts, circleId]);
  const { shown, marked, fitShapes } = mapView;
  const fitted = useMemo(() => (fitShapes ? shapes.filter((x) => fitShapes.includes(x.id)) : shapes), [shapes, fitShapes]);
  const values: Record<AreaField, string> = { name, center: `${lon},${lat}`, radius };
  // a refusal about a field goes once the field is changed (drawn or typed); the next save checks it again
  const error = refusal && (!refusal.field || values[refusal.field] === refusal.value) ? refusal.message : undefined;

  // a refusal stays in the form (beside its field until that field changes): the dialog stays open
  const submit = async () => {
    // the centre field already says what is wrong with it
    if (entry.problem) return false;
    setRefusal(undefined);
    try {
      const center = entry.wgs84;
      const body = { ...(a && { id: a.id }), name, ...(center && { center }), ...(radius.trim() && { radius: Number(radius) }) };
      expectOk(await http.call(AttendanceApi.saveArea, body));
      props.onSaved();
    } catch (err) {
      const message = errorText(err);
      const field = fieldOf(message);
      setRefusal({ message, field, value: field && values[field] });
      return false;
    }
  };

  const title = a ? '编辑考勤区域' : '新增考勤区域';
  return (
    <FormDialog title={title} width={720} contentClassName={s.grid} onSubmit={submit} onClose={props.onClose}>
      <Field className={s.wide} label="区域名称" required>
        <Input value={name} maxLength={50} onChange={(_, d) => setName(d.value)} />
      </Field>
      <PlaceSearch className={s.wide} onFound={drawing.onFound} />
      <div className={s.tools}>
        <Button size="small" appearance={drawing.drawing ? 'primary' : 'secondary'} onClick={drawing.toggle}>{drawing.buttonText}</Button>
        <Text size={200}>{drawing.drawing ? '在地图上按下圆心并拖动到半径处松开' : '画圆或输入圆心和半径'}</Text>
      </div>
      <section
        className={s.map}
        aria-label="考勤区域地图"
        data-drawing={drawing.draw ?? ''}
        data-marked={marked?.join(',') ?? ''}
        data-bounds={boundsText(shown, fitted) ?? ''}
      >
        <AssetMap
          items={shown}
          legend={false}
          shapes={shapes}
          marked={marked}
          // the area and its people as it opens, again only when they load (kept while the user draws:
          // without it the map would fit every area once, moving the view under the pen); the circle
          // comes into view again once it is changed
          fitKey={mapView.fitKey}
          fitShapes={fitShapes}
          focusShape={circle && entry.touched ? circle.id : undefined}
          draw={drawing.draw}
          onDraw={drawing.onDraw}
          style={{ height: '100%' }}
        />
      </section>
      <Text size={200} className={s.wide}>{viewNote(shown, !!a, others.length)}</Text>
      <CenterFields className={s.wide} entry={entry} />
      <Field label="半径（米）" required hint="10 到 5000 米">
        <Input value={radius} inputMode="numeric" onChange={(_, d) => setRadius(d.value)} />
      </Field>
      {error && <Text role="alert" className={s.error}>{error}</Text>}
    </FormDialog>
  );
}
