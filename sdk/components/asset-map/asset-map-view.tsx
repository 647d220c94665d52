import 'leaflet/dist/leaflet.css';
import './asset-map.css';
import * as L from 'leaflet';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ASSET_STATE_COLORS, hasPosition, listStateLabel, type AssetState } from '../../asset-status';
import { listWords, vocabularyOf } from '../../asset-vocabulary';
import { useService } from '../../react/use-service';
import { ConfigService, type MapProvider } from '../../services/config-service';
import type { AssetMapProps } from './asset-map-props';
import { BAIDU_CRS, baiduTileLayer } from './baidu-crs';
import { effectiveProvider, TILE_FAILURE_NOTE, TileHealth, tileSources, toMapLatLng } from './map-providers';
import { addOfflineBasemap } from './offline-basemap';
import { shapeBounds } from './map-shapes';
import { useMapOverlays } from './use-map-overlays';
import { attachTrack, viewState } from './track-layer';
import { VehicleLayer } from './vehicle-layer';

/** China's mainland and seas, for the first view. */
const CHINA_BOUNDS: L.LatLngBoundsExpression = [
  [18, 74],
  [53.5, 134.5],
];
/** Below this zoom province names are hidden (they would overlap). */
const PROVINCE_LABEL_ZOOM = 4;
const LEGEND: AssetState[] = ['moving', 'stopped', 'offline', 'alarm'];

/** Providers whose tiles failed in this page: later maps draw the offline basemap at once. */
const unreachable = new Set<MapProvider>();

let canvasSupport: boolean | undefined;
/** Whether the browser draws 2D canvas (the vehicle layer and the offline basemap need it). */
function canDrawCanvas(): boolean {
  canvasSupport ??= typeof document !== 'undefined' && !!document.createElement('canvas').getContext('2d');
  return canvasSupport;
}

/** The Leaflet map behind {@link AssetMap}; loaded on demand. */
const AssetMapView = observer(function AssetMapView(props: AssetMapProps) {
  const config = useService(ConfigService);
  const own = props.provider !== undefined;
  useEffect(() => {
    if (!own) void config.loadMap();
  }, [config, own]);
  if (!canDrawCanvas()) return <div className="tl-asset-map tl-no-canvas">当前浏览器不支持地图显示</div>;
  // the tenant's basemap (地图设置) first: a map drawn before it is known would be drawn twice
  if (!own && !config.map) return <div className={['tl-asset-map', props.className ?? ''].join(' ')} style={props.style} />;
  const key = props.mapKey ?? (own ? config.config.mapKey : config.map?.mapKey);
  const wanted = effectiveProvider(props.provider ?? config.map?.provider, key);
  return <ProviderMap key={wanted} {...props} wanted={wanted} mapKey={key} />;
});

/**
 * The wanted basemap, or the offline one once its tiles failed. Each basemap is a map of its own
 * (a fresh Leaflet map and fresh layers): nothing drawn for the old basemap outlives it.
 */
function ProviderMap(props: AssetMapProps & { wanted: MapProvider }) {
  const { wanted, ...rest } = props;
  const [failed, setFailed] = useState(() => unreachable.has(wanted));
  const provider: MapProvider = failed ? 'offline' : wanted;
  const onUnreachable = () => {
    unreachable.add(wanted);
    setFailed(true);
  };
  return <LeafletMap key={`${provider}:${rest.mapKey ?? ''}`} {...rest} provider={provider} failed={failed} onUnreachable={onUnreachable} />;
}

interface LeafletMapProps extends AssetMapProps {
  provider: MapProvider;
  /** The wanted provider's tiles failed: `provider` is the offline basemap and the note shows. */
  failed: boolean;
  /** The provider's first tiles failed. */
  onUnreachable: () => void;
}

const LeafletMap = observer(function LeafletMap(props: LeafletMapProps) {
  const { provider, failed, mapKey: key } = props;
  const onUnreachable = useRef(props.onUnreachable);
  onUnreachable.current = props.onUnreachable;
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<{ map: L.Map; layer: VehicleLayer }>();
  const onSelect = useRef(props.onSelect);
  onSelect.current = props.onSelect;
  const onNote = props.onNote;
  useEffect(() => {
    if (!onNote) return;
    onNote(failed ? TILE_FAILURE_NOTE : undefined);
    return () => onNote(undefined);
  }, [onNote, failed]);
  const fitted = useRef(false);
  const [far, setFar] = useState(true);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const crs = provider === 'baidu' ? BAIDU_CRS : L.CRS.EPSG3857;
    const map = L.map(el, { crs, minZoom: 3, maxZoom: 18, attributionControl: provider !== 'offline', zoomSnap: 1, worldCopyJump: false });
    map.fitBounds(CHINA_BOUNDS);
    let basemap: L.LayerGroup | undefined;
    let cancelled = false;
    if (provider === 'offline') {
      void addOfflineBasemap(map).then((g) => {
        if (cancelled) g.remove();
        else basemap = g;
      });
    } else {
      const health = new TileHealth();
      const giveUp = (ok: boolean) => {
        if (!health.record(ok) || cancelled) return;
        onUnreachable.current();
      };
      for (const t of tileSources(provider, key)) {
        const tiles = provider === 'baidu' ? baiduTileLayer(t) : L.tileLayer(t.url, { subdomains: t.subdomains ?? 'abc', maxZoom: t.maxZoom, attribution: t.attribution });
        tiles.on('tileload', () => giveUp(true)).on('tileerror', () => giveUp(false));
        tiles.addTo(map);
      }
    }
    const layer = new VehicleLayer({ provider, onSelect: (t) => onSelect.current?.(t) });
    layer.addTo(map);
    const onZoom = () => setFar(map.getZoom() < PROVINCE_LABEL_ZOOM);
    map.on('zoomend', onZoom);
    onZoom();
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : undefined;
    resize?.observe(el);
    fitted.current = false;
    setView({ map, layer });
    return () => {
      cancelled = true;
      resize?.disconnect();
      basemap?.remove();
      map.remove();
      setView(undefined);
    };
  }, [provider, key]);

  // the view settled: listened to before anything below moves it (the first fit is reported too)
  const onViewChange = useRef(props.onViewChange);
  onViewChange.current = props.onViewChange;
  useEffect(() => {
    if (!view) return;
    const report = () => onViewChange.current?.(viewState(view.map, provider));
    view.map.on('moveend', report);
    return () => void view.map.off('moveend', report);
  }, [view, provider]);

  // the items: redrawn on the next frame
  useEffect(() => {
    if (!view) return;
    view.layer.setItems(props.items);
    if (fitted.current || props.follow || props.fitKey !== undefined) return;
    const bounds = L.latLngBounds([]);
    for (const item of props.items) if (hasPosition(item)) bounds.extend(toMapLatLng(item.lon, item.lat, provider));
    if (bounds.isValid()) {
      fitted.current = true;
      view.map.fitBounds(bounds.pad(0.15), { maxZoom: 12 });
    }
  }, [view, props.items, props.follow, provider]);

  useEffect(() => view?.layer.setSelected(props.selected), [view, props.selected]);
  useEffect(() => view?.layer.setMarked(props.marked), [view, props.marked]);

  // fitKey: the shapes and the assets together, each time the key changes (once it can)
  const fitDone = useRef<string | undefined>(undefined);
  useEffect(() => {
    const fitKey = props.fitKey;
    if (!view || fitKey === undefined || fitKey === fitDone.current) return;
    const bounds = L.latLngBounds([]);
    for (const item of props.items) if (hasPosition(item)) bounds.extend(toMapLatLng(item.lon, item.lat, provider));
    for (const shape of props.shapes ?? []) {
      if (props.fitShapes && !props.fitShapes.includes(shape.id)) continue;
      const [minLon, minLat, maxLon, maxLat] = shapeBounds(shape);
      bounds.extend(toMapLatLng(minLon, minLat, provider));
      bounds.extend(toMapLatLng(maxLon, maxLat, provider));
    }
    if (!bounds.isValid()) return;
    fitDone.current = fitKey;
    fitted.current = true;
    // room around them for the labels above the marks
    view.map.fitBounds(bounds, { padding: L.point(48, 48), maxZoom: 16, animate: false });
  }, [view, props.fitKey, props.items, props.shapes, props.fitShapes, provider]);
  useMapOverlays(view?.map, provider, props);

  // follow: keep the selected asset in view (first time at followZoom, then pan only when it nears the edge)
  const followed = props.follow && props.selected ? view?.layer.latLngOf(props.selected) : undefined;
  const followKey = followed ? `${followed.lat},${followed.lng}` : '';
  useEffect(() => {
    if (!view || !followed) return;
    const { map } = view;
    if (!fitted.current) {
      fitted.current = true;
      map.setView(followed, props.followZoom ?? 14, { animate: false });
    } else if (!map.getBounds().pad(-0.2).contains(followed)) map.panTo(followed);
  }, [view, followKey]);

  // a track replay on its own layer; the view reports where it settles (refining the track)
  useEffect(() => (view && props.playback ? attachTrack(view.map, props.playback, provider) : undefined), [view, props.playback, provider]);

  useEffect(() => {
    if (!view || !props.trail?.length) return;
    const line = L.polyline(
      props.trail.map(([lon, lat]) => toMapLatLng(lon, lat, provider)),
      { color: '#1f6fd1', weight: 3, opacity: 0.8, interactive: false },
    ).addTo(view.map);
    return () => void line.remove();
  }, [view, props.trail, provider]);

  // the legend speaks the kind on the map (people and pets 移动, e-bikes 骑行), the map's own kind while
  // none is shown; several kinds: the words of several
  const legendWords = useMemo(() => listWords(props.items.map((i) => i.assetKind), vocabularyOf(props.kind)), [props.items, props.kind]);
  const classes = ['tl-asset-map', provider === 'offline' ? 'tl-offline' : '', far ? 'tl-zoom-far' : '', props.className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} style={props.style} data-provider={provider}>
      <div ref={box} style={{ width: '100%', height: '100%' }} />
      {failed && !props.onNote && (
        <div className="tl-map-note" role="status">
          {TILE_FAILURE_NOTE}
        </div>
      )}
      {props.legend !== false && (
        <div className="tl-map-legend">
          {LEGEND.map((s) => (
            <span key={s}>
              <i style={{ background: ASSET_STATE_COLORS[s] }} />
              {listStateLabel(s, legendWords)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
});
export default AssetMapView;
