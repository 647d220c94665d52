import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import {
  ASSET_VOCABULARY, AssetMap, boundsText, CenterFields, expectOk, HttpService, Input, LiveService, type MapShape, MonitorApi, PlaceSearch,
  useCenterEntry, useCircleDrawing, usePreloadedMap, useService,
} from '@tianlu/sdk';
import { askZonesAhead, PetApi, petPositionQuery, ZONE_MAX_RADIUS, ZONE_MIN_RADIUS, type Pet, type SafeZone, zonePetsQuery } from '../pet-api';

const useStyles = makeStyles({
  page: { display: 'grid', gridTemplateColumns: '320px minmax(0, 1fr)', gap: '12px', height: '100%', minHeight: '560px' },
  side: { display: 'flex', flexDirection: 'column', gap: '10px', padding: '12px', borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2, overflowY: 'auto' },
  map: { position: 'relative', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', boxShadow: tokens.shadow2, minHeight: '480px' },
  zone: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '6px', padding: '6px 8px', borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground2 },
  row: { display: 'flex', gap: '6px', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const message = (e: unknown) => (e instanceof Error && e.message ? e.message : '网络异常');

interface Draft {
  id?: number;
  name: string;
  radius: string;
}

const EMPTY: Draft = { name: '', radius: '200' };

/** What a pet is called here (宠物). */
const PET = ASSET_VOCABULARY.pet.noun;

/**
 * /pet/zones 安全区域: a pet's circle zones (家, 公园 …) on the map, which opens on the pet, marked, and
 * its zones (on the zone and the pet while one is edited); a new one is drawn on the map, centred on the pet
 * where it is now, typed or pasted (WGS84, GCJ-02 or BD-09) or found by address, with its radius.
 * Leaving all of them raises 离开安全区域. `data-bounds` and `data-marked` of the map's region say the
 * WGS84 box the view fits and the terminalNo marked.
 */
const ZonesPage = observer(function ZonesPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const live = useService(LiveService);
  const [keyword, setKeyword] = useState('');
  const [pets, setPets] = useState<Pet[]>([]);
  const [petId, setPetId] = useState<number>();
  // the map is drawn once the pet it opens on is known (a map drawn before would be drawn again)
  const [petsLoaded, setPetsLoaded] = useState(false);
  const chosenId = useRef(petId);
  chosenId.current = petId;
  usePreloadedMap();
  const [zones, setZones] = useState<SafeZone[]>([]);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const entry = useCenterEntry();
  const drawing = useCircleDrawing(entry, (radius) => setDraft((d) => ({ ...d, radius })));
  // each place found by address is brought into view
  const draftId = `draft-${drawing.found}`;
  const center = entry.wgs84;
  const edit = (next: Draft, at?: [number, number]) => {
    setDraft(next);
    entry.reset(at);
  };
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    http
      .call(PetApi.list, zonePetsQuery(keyword))
      .then((res) => {
        const list = expectOk(res).list;
        setPets(list);
        const chosen = list.find((p) => p.vehicleId === chosenId.current) ?? list[0];
        // a newly chosen pet's zones and position are asked now, not once the page has drawn it
        if (chosen && chosen.vehicleId !== chosenId.current) askZonesAhead(http, chosen);
        setPetId(chosen?.vehicleId);
      })
      .catch((e: unknown) => setError(message(e)))
      .finally(() => setPetsLoaded(true));
  }, [http, keyword]);

  const loadZones = useCallback(async () => {
    if (petId === undefined) return setZones([]);
    try {
      setZones(expectOk(await http.call(PetApi.zones, { vehicleId: petId })));
    } catch (e) {
      setError(message(e));
    }
  }, [http, petId]);
  const { reset } = entry;
  useEffect(() => {
    setDraft(EMPTY);
    reset();
    void loadZones();
    // a new pet: a new draft
  }, [loadZones]);

  const pet = pets.find((p) => p.vehicleId === petId);
  const position = pet?.terminalNo ? live.positions.get(pet.terminalNo) : undefined;
  // the chosen pet's latest position, kept current by the live channel afterwards
  const terminalNo = pet?.terminalNo;
  useEffect(() => {
    if (!terminalNo) return;
    const watch = live.watchPositions();
    return () => watch.dispose();
  }, [live, terminalNo]);
  useEffect(() => {
    if (!terminalNo) return;
    http
      .call(MonitorApi.list, petPositionQuery(terminalNo))
      .then((res) => live.merge(expectOk(res).list.filter((i) => i.terminalNo === terminalNo)))
      .catch(() => undefined); // without 宠物定位 the zones are still drawn, only the pet is not
  }, [http, live, terminalNo]);
  const shapes = useMemo<MapShape[]>(() => {
    const list: MapShape[] = zones.filter((z) => z.id !== draft.id).map((z) => ({ id: String(z.id), kind: 'circle', center: z.center, radius: z.radius, label: z.name }));
    const radius = Number(draft.radius);
    if (center && radius > 0) list.push({ id: draftId, kind: 'circle', center, radius, label: draft.name || '新区域', highlighted: true });
    return list;
  }, [zones, draft, center, draftId]);

  // the view fits the pet with its zones, or with the zone edited; again once the zones or the pet's
  // position come, not as it moves, while a new zone is typed or drawn (the key stays set while the user
  // draws: without it the map would fit every zone once, moving the view under the pen)
  const fitShapes = useMemo(() => (draft.id !== undefined ? [draftId] : zones.map((z) => String(z.id))), [draft.id, draftId, zones]);
  const fitKey = `${draft.id ?? 'zones'}|${zones.map((z) => z.id).join(',')}|${position ? position.terminalNo : ''}`;
  const marked = useMemo(() => (position ? [position.terminalNo] : undefined), [position?.terminalNo]);
  const items = useMemo(() => (position ? [position] : []), [position]);
  const fitted = useMemo(() => shapes.filter((x) => fitShapes.includes(x.id)), [shapes, fitShapes]);

  const save = async () => {
    if (petId === undefined || entry.problem) return;
    setError(undefined);
    setNotice(undefined);
    const radius = draft.radius.trim() === '' ? undefined : Number(draft.radius);
    try {
      const saved = expectOk(await http.call(PetApi.zoneSave, {
        ...(draft.id !== undefined && { id: draft.id }), vehicleId: petId, name: draft.name, ...(center && { center }), ...(radius !== undefined && { radius }),
      }));
      setNotice(`已保存安全区域 ${saved.name}`);
      edit(EMPTY);
      await loadZones();
    } catch (e) {
      setError(message(e));
    }
  };

  const remove = async (zone: SafeZone) => {
    setError(undefined);
    try {
      expectOk(await http.call(PetApi.zoneDelete, { id: zone.id }));
      setNotice(`已删除安全区域 ${zone.name}`);
      await loadZones();
    } catch (e) {
      setError(message(e));
    }
  };

  return (
    <div className={s.page}>
      <aside className={s.side} aria-label="安全区域">
        <Text weight="semibold" size={400}>安全区域</Text>
        <Field label={`搜索${PET}`}>
          <Input value={keyword} placeholder="名字或终端号" onChange={(_, d) => setKeyword(d.value.trim())} />
        </Field>
        <Field label={PET}>
          <Select value={petId === undefined ? '' : String(petId)} onChange={(_, d) => setPetId(Number(d.value))}>
            {pets.map((p) => <option key={p.vehicleId} value={p.vehicleId}>{p.name}</option>)}
          </Select>
        </Field>
        {zones.map((z) => (
          <div key={z.id} className={s.zone} data-zone={z.name}>
            <span>{z.name} · 半径 {z.radius} 米</span>
            <span className={s.row}>
              <Button size="small" appearance="subtle" onClick={() => edit({ id: z.id, name: z.name, radius: String(z.radius) }, z.center)}>编辑</Button>
              <Button size="small" appearance="subtle" onClick={() => void remove(z)}>删除</Button>
            </span>
          </div>
        ))}
        {pet && zones.length === 0 && <Text>{pet.name} 还没有安全区域</Text>}
        <Text weight="semibold">{draft.id === undefined ? '新增安全区域' : `编辑 ${draft.name}`}</Text>
        <Field label="区域名称" required>
          <Input value={draft.name} maxLength={20} placeholder="家、公园…" onChange={(_, d) => setDraft((x) => ({ ...x, name: d.value }))} />
        </Field>
        <Field label="半径（米）" required hint={`${ZONE_MIN_RADIUS}–${ZONE_MAX_RADIUS} 米`}>
          <Input type="number" value={draft.radius} onChange={(_, d) => setDraft((x) => ({ ...x, radius: d.value }))} />
        </Field>
        <PlaceSearch onFound={drawing.onFound} />
        <CenterFields entry={entry} />
        {!center && <Text size={200}>在地图上画圆、输入圆心，或用{PET}当前位置</Text>}
        <div className={s.row}>
          <Button appearance={drawing.drawing ? 'primary' : 'secondary'} onClick={drawing.toggle}>{drawing.buttonText}</Button>
          <Button disabled={!position || position.lon === null} onClick={() => position?.lon != null && entry.setWgs84([position.lon, position.lat!])}>
            用{PET}当前位置
          </Button>
        </div>
        <div className={s.row}>
          <Button appearance="primary" disabled={petId === undefined} onClick={() => void save()}>保存</Button>
          {(draft !== EMPTY || center) && <Button onClick={() => edit(EMPTY)}>重置</Button>}
        </div>
        {error && <Text role="alert" className={s.error}>{error}</Text>}
        {notice && <Text role="status">{notice}</Text>}
      </aside>
      <section
        className={s.map}
        aria-label="安全区域地图"
        data-drawing={drawing.draw ?? ''}
        data-marked={marked?.join(',') ?? ''}
        data-bounds={boundsText(items, fitted) ?? ''}
      >
        {/* a new map for each pet: it opens on that pet and its zones (the zone edited), the draft comes into view once it is changed */}
        {petsLoaded && <AssetMap
          key={petId}
          kind="pet"
          items={items}
          selected={position?.terminalNo}
          marked={marked}
          shapes={shapes}
          fitKey={fitKey}
          fitShapes={fitShapes}
          focusShape={center && entry.touched ? draftId : undefined}
          draw={drawing.draw}
          onDraw={drawing.onDraw}
          style={{ height: '100%' }}
        />}
      </section>
    </div>
  );
});
export default ZonesPage;
