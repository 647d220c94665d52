/**
 * The vehicles of the asset map on ONE canvas: heading arrows coloured by state, grid clusters
 * below CLUSTER_MAX_ZOOM, a plate label on hover and selection. 10,000 vehicles are a few batched
 * paths per redraw, not 10,000 DOM markers. Positioned like Leaflet's own renderers: the canvas
 * sits in a map pane, moves with it while panning and is CSS-scaled during zoom animations.
 */
import * as L from 'leaflet';
import { ASSET_STATE_COLORS, assetState, hasPosition, inAlarm, type AssetState } from '../../asset-status';
import type { MapProvider } from '../../services/config-service';
import type { MonitorItem } from '../../services/live-service';
import { keepCanvas, takeCanvas } from './canvas-pool';
import { toMapLatLng } from './map-providers';
import { accuracyRadiusPx, arrowCorners, clusterRadius, clustersAt, gridCluster, HitIndex, markShape, mercatorUnit, worldSize, CLUSTER_CELL_PX } from './vehicle-marks';

const PADDING = 0.25;
const ARROW_SIZE = 8;
const SELECTED_SIZE = 12;
const STATES: AssetState[] = ['offline', 'stopped', 'moving', 'alarm'];

type Target = { kind: 'vehicle'; index: number } | { kind: 'cluster'; members: number[] };

interface Projected {
  /** Mercator units (0..1) of each drawable item, in the provider's datum. */
  ux: Float64Array;
  uy: Float64Array;
  /** Index into `items` of each drawable entry. */
  source: Int32Array;
}

export interface VehicleLayerOptions {
  provider: MapProvider;
  onSelect?: (terminalNo: string) => void;
}

/** Leaflet internals the layer uses like Leaflet's own overlays do. */
interface MapInternals {
  _zoomAnimated?: boolean;
  _latLngToNewLayerPoint(latlng: L.LatLng, zoom: number, center: L.LatLng): L.Point;
}

export class VehicleLayer extends L.Layer {
  private canvas: HTMLCanvasElement | undefined;
  private ctx: CanvasRenderingContext2D | null = null;
  private items: readonly MonitorItem[] = [];
  private projected: Projected = { ux: new Float64Array(0), uy: new Float64Array(0), source: new Int32Array(0) };
  private clusterCache: { zoom: number; clusters: ReturnType<typeof gridCluster> } | undefined;
  private selected: string | undefined;
  /** terminalNos drawn on their own with their labels, never inside a cluster. */
  private marked = new Set<string>();
  private hovered: number | undefined;
  private hits = new HitIndex<Target>();
  private topLeft = L.point(0, 0);
  private topLeftLatLng: L.LatLng | undefined;
  private frame = 0;
  /** Redraw count, for diagnostics and benchmarks. */
  draws = 0;

  constructor(private readonly opts: VehicleLayerOptions) {
    super();
  }

  setItems(items: readonly MonitorItem[]): void {
    this.items = items;
    this.project();
    this.schedule();
  }

  setSelected(terminalNo: string | undefined): void {
    if (terminalNo === this.selected) return;
    this.selected = terminalNo;
    this.schedule();
  }

  /** Marks these assets: each drawn on its own (never in a cluster) with its label. */
  setMarked(terminalNos: readonly string[] | undefined): void {
    this.marked = new Set(terminalNos);
    this.schedule();
  }

  /** The item drawn for a terminal, in the map's datum. */
  latLngOf(terminalNo: string): L.LatLng | undefined {
    const item = this.items.find((i) => i.terminalNo === terminalNo);
    if (!item || !hasPosition(item)) return undefined;
    const [lat, lng] = toMapLatLng(item.lon, item.lat, this.opts.provider);
    return L.latLng(lat, lng);
  }

  onAdd(map: L.Map): this {
    const pane = map.getPane('tlVehicles') ?? map.createPane('tlVehicles');
    pane.style.zIndex = '620'; // above the basemap's labels (marker pane, 600), below tooltips
    const canvas = takeCanvas('vehicles', 'tl-vehicle-layer', pane);
    if ((map as unknown as MapInternals)._zoomAnimated) L.DomUtil.addClass(canvas, 'leaflet-zoom-animated');
    canvas.style.pointerEvents = 'none';
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    map.on('click', this.onClick, this);
    map.on('mousemove', this.onMouseMove, this);
    map.on('mouseout', this.onMouseOut, this);
    this.redraw();
    return this;
  }

  onRemove(map: L.Map): this {
    cancelAnimationFrame(this.frame);
    map.off('click', this.onClick, this);
    map.off('mousemove', this.onMouseMove, this);
    map.off('mouseout', this.onMouseOut, this);
    keepCanvas('vehicles', this.canvas);
    this.canvas = undefined;
    this.ctx = null;
    return this;
  }

  getEvents(): { [name: string]: L.LeafletEventHandlerFn } {
    return {
      viewreset: () => this.redraw(),
      moveend: () => this.redraw(),
      resize: () => this.redraw(),
      zoomanim: (e) => this.animateZoom(e as L.ZoomAnimEvent),
    };
  }

  private schedule(): void {
    if (!this._map || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.redraw();
    });
  }

  private project(): void {
    const n = this.items.length;
    const ux = new Float64Array(n);
    const uy = new Float64Array(n);
    const source = new Int32Array(n);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const item = this.items[i];
      if (!hasPosition(item)) continue;
      const [lat, lng] = toMapLatLng(item.lon, item.lat, this.opts.provider);
      const [x, y] = mercatorUnit(lat, lng);
      ux[k] = x;
      uy[k] = y;
      source[k++] = i;
    }
    this.projected = { ux: ux.subarray(0, k), uy: uy.subarray(0, k), source: source.subarray(0, k) };
    this.clusterCache = undefined;
  }

  private clustersFor(zoom: number, wx: Float64Array, wy: Float64Array) {
    if (this.clusterCache?.zoom !== zoom) this.clusterCache = { zoom, clusters: gridCluster(wx, wy, CLUSTER_CELL_PX) };
    return this.clusterCache.clusters;
  }

  private animateZoom(e: L.ZoomAnimEvent): void {
    const map = this._map;
    if (!map || !this.canvas || !this.topLeftLatLng) return;
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    const offset = (map as unknown as MapInternals)._latLngToNewLayerPoint(this.topLeftLatLng, e.zoom, e.center);
    L.DomUtil.setTransform(this.canvas, offset, scale);
  }

  /** Draws every vehicle in view (and the padding around it). */
  redraw(): void {
    const map = this._map;
    const canvas = this.canvas;
    const ctx = this.ctx;
    if (!map || !canvas || !ctx) return;
    this.draws++;
    const size = map.getSize();
    const pad = size.multiplyBy(PADDING).round();
    const topLeft = map.containerPointToLayerPoint(pad.multiplyBy(-1)).round();
    const width = size.x + 2 * pad.x;
    const height = size.y + 2 * pad.y;
    const dpr = window.devicePixelRatio || 1;
    this.topLeft = topLeft;
    this.topLeftLatLng = map.layerPointToLatLng(topLeft);
    L.DomUtil.setPosition(canvas, topLeft);
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);

    const zoom = map.getZoom();
    const scale = worldSize(zoom);
    const origin = map.getPixelOrigin();
    // world pixel → canvas pixel: subtract the pixel origin (world → layer) and the canvas's top-left
    const offX = origin.x + topLeft.x;
    const offY = origin.y + topLeft.y;
    const { ux, uy, source } = this.projected;
    const n = ux.length;
    const wx = new Float64Array(n);
    const wy = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      wx[i] = ux[i] * scale;
      wy[i] = uy[i] * scale;
    }
    const hits = new HitIndex<Target>();
    const inView = (x: number, y: number, r: number) => x > -r && y > -r && x < width + r && y < height + r;
    const singles: number[] = [];
    const clusters: { x: number; y: number; members: number[] }[] = [];
    if (clustersAt(zoom)) {
      for (const c of this.clustersFor(zoom, wx, wy)) {
        const x = c.x - offX;
        const y = c.y - offY;
        // a marked asset stays out of its cluster: what is left of it is a cluster only while it still holds several
        let members = c.members;
        if (this.marked.size) {
          members = [];
          for (const m of c.members) {
            if (!this.marked.has(this.items[source[m]].terminalNo)) members.push(m);
            else if (inView(wx[m] - offX, wy[m] - offY, ARROW_SIZE)) singles.push(m);
          }
        }
        if (members.length === 1) {
          if (inView(wx[members[0]] - offX, wy[members[0]] - offY, ARROW_SIZE)) singles.push(members[0]);
        } else if (members.length > 1 && inView(x, y, 30)) clusters.push({ x, y, members });
      }
    } else {
      for (let i = 0; i < n; i++) if (inView(wx[i] - offX, wy[i] - offY, ARROW_SIZE)) singles.push(i);
    }

    // approximate positions (cells, WiFi, last known) first, as circles of their accuracy under the marks
    ctx.setLineDash([4, 3]);
    for (const i of singles) {
      const item = this.items[source[i]];
      if (!item.fix || !item.accuracy || item.lat === null) continue;
      const r = accuracyRadiusPx(item.accuracy, item.lat, zoom);
      if (r < ARROW_SIZE) continue;
      ctx.beginPath();
      ctx.arc(wx[i] - offX, wy[i] - offY, Math.min(r, 4000), 0, Math.PI * 2);
      ctx.fillStyle = ASSET_STATE_COLORS[assetState(item)] + '1f';
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = ASSET_STATE_COLORS[assetState(item)] + '99';
      ctx.stroke();
    }
    ctx.setLineDash([]);

    // assets, batched per colour: one path and one fill each
    const byState = new Map<AssetState, number[]>(STATES.map((s) => [s, []]));
    let selectedIndex: number | undefined;
    for (const i of singles) {
      const item = this.items[source[i]];
      if (item.terminalNo === this.selected) selectedIndex = i;
      byState.get(assetState(item))!.push(i);
    }
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255,255,255,0.95)';
    for (const state of STATES) {
      const list = byState.get(state)!;
      if (!list.length) continue;
      ctx.beginPath();
      for (const i of list) {
        const x = wx[i] - offX;
        const y = wy[i] - offY;
        traceMark(ctx, this.items[source[i]], x, y, ARROW_SIZE);
        hits.add({ x, y, r: ARROW_SIZE, value: { kind: 'vehicle', index: source[i] } });
      }
      ctx.fillStyle = ASSET_STATE_COLORS[state];
      ctx.fill();
      ctx.stroke();
    }

    for (const c of clusters) this.drawCluster(ctx, c, source, hits);
    for (const i of singles) {
      const item = this.items[source[i]];
      if (this.marked.has(item.terminalNo) && item.terminalNo !== this.selected) this.drawHighlight(ctx, i, wx[i] - offX, wy[i] - offY, false);
    }
    if (selectedIndex !== undefined) this.drawHighlight(ctx, selectedIndex, wx[selectedIndex] - offX, wy[selectedIndex] - offY, true);
    if (this.hovered !== undefined && this.items[this.hovered] && this.items[this.hovered].terminalNo !== this.selected) {
      const k = Array.prototype.indexOf.call(source, this.hovered) as number;
      if (k >= 0) this.drawHighlight(ctx, k, wx[k] - offX, wy[k] - offY, false);
    }
    this.hits = hits;
  }

  private drawCluster(ctx: CanvasRenderingContext2D, c: { x: number; y: number; members: number[] }, source: Int32Array, hits: HitIndex<Target>): void {
    const count = c.members.length;
    const r = clusterRadius(count);
    let alarms = 0;
    let online = 0;
    for (const m of c.members) {
      const item = this.items[source[m]];
      if (item.online) online++;
      if (inAlarm(item)) alarms++;
    }
    // mostly online: green, else grey; alarms show as a red badge
    const color = online * 2 >= count ? ASSET_STATE_COLORS.moving : ASSET_STATE_COLORS.offline;
    ctx.beginPath();
    ctx.arc(c.x, c.y, r + 5, 0, Math.PI * 2);
    ctx.fillStyle = color + '40';
    ctx.fill();
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    ctx.fillStyle = '#fff';
    ctx.font = '600 12px "Segoe UI", "Microsoft YaHei", sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(count), c.x, c.y + 0.5);
    if (alarms) {
      const bx = c.x + r * 0.75;
      const by = c.y - r * 0.75;
      const text = alarms > 99 ? '99+' : String(alarms);
      ctx.font = '600 10px "Segoe UI", sans-serif';
      const w = Math.max(16, ctx.measureText(text).width + 8);
      ctx.beginPath();
      ctx.roundRect(bx - w / 2, by - 8, w, 16, 8);
      ctx.fillStyle = ASSET_STATE_COLORS.alarm;
      ctx.fill();
      ctx.fillStyle = '#fff';
      ctx.fillText(text, bx, by + 0.5);
    }
    hits.add({ x: c.x, y: c.y, r: r + 2, value: { kind: 'cluster', members: c.members.map((m) => source[m]) } });
  }

  /** The selected (or hovered) vehicle: bigger arrow, ring, plate label. */
  private drawHighlight(ctx: CanvasRenderingContext2D, k: number, x: number, y: number, selected: boolean): void {
    const item = this.items[this.projected.source[k]];
    const color = ASSET_STATE_COLORS[assetState(item)];
    if (selected) {
      ctx.beginPath();
      ctx.arc(x, y, SELECTED_SIZE + 6, 0, Math.PI * 2);
      ctx.fillStyle = color + '33';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = color;
      ctx.stroke();
      ctx.beginPath();
      traceMark(ctx, item, x, y, SELECTED_SIZE);
      ctx.fillStyle = color;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#fff';
      ctx.stroke();
    }
    const text = item.plateNo || item.terminalNo;
    ctx.font = '600 12px "Segoe UI", "Microsoft YaHei", sans-serif';
    const w = ctx.measureText(text).width + 12;
    const lx = x - w / 2;
    const ly = y - (selected ? SELECTED_SIZE + 30 : ARROW_SIZE + 26);
    ctx.fillStyle = 'rgba(255,255,255,0.96)';
    ctx.strokeStyle = color;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.rect(lx, ly, w, 20);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = '#242424';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x, ly + 10.5);
  }

  private targetAt(e: L.LeafletMouseEvent): Target | undefined {
    const p = e.containerPoint;
    const map = this._map;
    if (!map) return undefined;
    // container point → canvas point: the canvas's top-left is `topLeft` in layer coordinates
    const layer = map.containerPointToLayerPoint(p);
    return this.hits.hit(layer.x - this.topLeft.x, layer.y - this.topLeft.y)?.value;
  }

  private onClick(e: L.LeafletMouseEvent): void {
    const target = this.targetAt(e);
    if (!target || !this._map) return;
    if (target.kind === 'vehicle') {
      this.opts.onSelect?.(this.items[target.index].terminalNo);
      return;
    }
    const bounds = L.latLngBounds([]);
    for (const i of target.members) {
      const item = this.items[i];
      if (hasPosition(item)) bounds.extend(toMapLatLng(item.lon, item.lat, this.opts.provider));
    }
    const map = this._map;
    if (bounds.isValid()) map.fitBounds(bounds.pad(0.2), { maxZoom: Math.max(map.getZoom() + 2, 8) });
  }

  private onMouseMove(e: L.LeafletMouseEvent): void {
    const target = this.targetAt(e);
    const container = this._map?.getContainer();
    if (container) container.style.cursor = target ? 'pointer' : '';
    const hovered = target?.kind === 'vehicle' ? target.index : undefined;
    if (hovered !== this.hovered) {
      this.hovered = hovered;
      this.schedule();
    }
  }

  private onMouseOut(): void {
    if (this.hovered === undefined) return;
    this.hovered = undefined;
    this.schedule();
  }
}

/** Adds an asset's mark to the current path: a heading arrow, a dot (people) or a diamond (pets). */
function traceMark(ctx: CanvasRenderingContext2D, item: MonitorItem, x: number, y: number, size: number): void {
  const shape = markShape(item.assetKind);
  if (shape === 'dot') {
    ctx.moveTo(x + size * 0.7, y);
    ctx.arc(x, y, size * 0.7, 0, Math.PI * 2);
    return;
  }
  if (shape === 'diamond') {
    ctx.moveTo(x, y - size);
    ctx.lineTo(x + size * 0.75, y);
    ctx.lineTo(x, y + size);
    ctx.lineTo(x - size * 0.75, y);
    ctx.closePath();
    return;
  }
  const [ax, ay, bx, by, cx, cy] = arrowCorners(x, y, item.course || 0, size);
  ctx.moveTo(ax, ay);
  ctx.lineTo(bx, by);
  ctx.lineTo(x, y);
  ctx.lineTo(cx, cy);
  ctx.closePath();
}
