/**
 * A replayed track on the asset map, on two canvases: the still one holds the whole line (the
 * part still to come in grey), start and end marks, stops and alarms, and is redrawn only when
 * the view or the positions change; the moving one holds the travelled part and the vehicle
 * and is redrawn on every cursor move. The line is reduced to what one screen pixel can show
 * when the view changes, so a frame costs the visible vertices, not the track's 100,000 points.
 */
import * as L from 'leaflet';
import type { MapProvider } from '../../services/config-service';
import { TRACK_COLORS } from '../track-player/track-colors';
import type { TrackPlayback } from '../track-player/track-playback';
import { transformCoord } from '../../geo';
import { keepCanvas, takeCanvas } from './canvas-pool';
import { providerCoordSystem, toMapLatLng } from './map-providers';
import { arrowCorners, mercatorUnit, TILE_SIZE } from './vehicle-marks';

const PADDING = 0.25;
const VEHICLE_SIZE = 13;

interface MapInternals {
  _zoomAnimated?: boolean;
  _latLngToNewLayerPoint(latlng: L.LatLng, zoom: number, center: L.LatLng): L.Point;
}

/**
 * Screen path of a projected line: consecutive vertices closer than `minStep` pixels are merged
 * (the last of a run is kept, so the line ends where the track does). Pure, for tests.
 */
export function screenPath(px: Float64Array, py: Float64Array, scale: number, offX: number, offY: number, minStep: number) {
  const n = px.length;
  const sx = new Float32Array(n);
  const sy = new Float32Array(n);
  const src = new Int32Array(n);
  let k = 0;
  let lx = NaN;
  let ly = NaN;
  const min2 = minStep * minStep;
  for (let i = 0; i < n; i++) {
    const x = px[i] * scale - offX;
    const y = py[i] * scale - offY;
    const dx = x - lx;
    const dy = y - ly;
    if (k > 0 && i < n - 1 && dx * dx + dy * dy < min2) continue;
    sx[k] = x;
    sy[k] = y;
    src[k++] = i;
    lx = x;
    ly = y;
  }
  return { x: sx.subarray(0, k), y: sy.subarray(0, k), src: src.subarray(0, k), length: k };
}

export class TrackLayer extends L.Layer {
  private still: HTMLCanvasElement | undefined;
  private moving: HTMLCanvasElement | undefined;
  /** Pixels at zoom 0 of every position, in the map's CRS and datum. */
  private px = new Float64Array(0);
  private py = new Float64Array(0);
  private path: ReturnType<typeof screenPath> | undefined;
  private scale = 1;
  private offX = 0;
  private offY = 0;
  private topLeftLatLng: L.LatLng | undefined;
  private subscriptions: { dispose(): void }[] = [];
  private frame = 0;
  /** Frames drawn, for diagnostics and benchmarks. */
  frames = 0;

  constructor(
    private readonly playback: TrackPlayback,
    private readonly provider: MapProvider,
  ) {
    super();
  }

  onAdd(map: L.Map): this {
    const pane = map.getPane('tlTrack') ?? map.createPane('tlTrack');
    pane.style.zIndex = '610';
    this.still = takeCanvas('track', 'tl-track-layer', pane);
    this.moving = takeCanvas('track-cursor', 'tl-track-cursor', pane);
    for (const c of [this.still, this.moving]) {
      if ((map as unknown as MapInternals)._zoomAnimated) L.DomUtil.addClass(c, 'leaflet-zoom-animated');
      c.style.pointerEvents = 'none';
      c.style.position = 'absolute';
    }
    this.project();
    this.subscriptions = [
      this.playback.onTrackChange(() => {
        this.project();
        this.redraw();
      }),
      this.playback.subscribe(() => this.schedule()),
    ];
    this.redraw();
    return this;
  }

  onRemove(): this {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const s of this.subscriptions) s.dispose();
    this.subscriptions = [];
    keepCanvas('track', this.still);
    keepCanvas('track-cursor', this.moving);
    this.still = this.moving = undefined;
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

  /** The track's bounds in the map's datum (for fitting the view). */
  bounds(): L.LatLngBounds | undefined {
    const p = this.playback;
    if (!p.length) return undefined;
    let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
    for (let i = 0; i < p.length; i++) {
      if (p.lon[i] < minLon) minLon = p.lon[i];
      if (p.lon[i] > maxLon) maxLon = p.lon[i];
      if (p.lat[i] < minLat) minLat = p.lat[i];
      if (p.lat[i] > maxLat) maxLat = p.lat[i];
    }
    return L.latLngBounds([toMapLatLng(minLon, minLat, this.provider), toMapLatLng(maxLon, maxLat, this.provider)]);
  }

  /** The vehicle's position on screen (container pixels), for tests and scenarios. */
  cursorPoint(): L.Point | undefined {
    const map = this._map;
    const pos = this.playback.positionAt();
    if (!map || !pos) return undefined;
    return map.latLngToContainerPoint(toMapLatLng(pos.lon, pos.lat, this.provider));
  }

  private project(): void {
    const map = this._map;
    if (!map) return;
    const p = this.playback;
    const n = p.length;
    this.px = new Float64Array(n);
    this.py = new Float64Array(n);
    const crs = map.options.crs ?? L.CRS.EPSG3857;
    const wgs84 = providerCoordSystem(this.provider) === 'WGS84';
    for (let i = 0; i < n; i++) {
      if (crs === L.CRS.EPSG3857 && wgs84) {
        // Web Mercator by hand: no LatLng or Point objects for 100,000 positions
        const [ux, uy] = mercatorUnit(p.lat[i], p.lon[i]);
        this.px[i] = ux * TILE_SIZE;
        this.py[i] = uy * TILE_SIZE;
        continue;
      }
      const q = map.project(toMapLatLng(p.lon[i], p.lat[i], this.provider), 0);
      this.px[i] = q.x;
      this.py[i] = q.y;
    }
  }

  private schedule(): void {
    if (!this._map || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.drawMoving();
    });
  }

  private animateZoom(e: L.ZoomAnimEvent): void {
    const map = this._map;
    if (!map || !this.topLeftLatLng) return;
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    const offset = (map as unknown as MapInternals)._latLngToNewLayerPoint(this.topLeftLatLng, e.zoom, e.center);
    for (const c of [this.still, this.moving]) if (c) L.DomUtil.setTransform(c, offset, scale);
  }

  private sizeCanvas(canvas: HTMLCanvasElement, topLeft: L.Point, width: number, height: number, dpr: number): CanvasRenderingContext2D | null {
    L.DomUtil.setPosition(canvas, topLeft);
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    const ctx = canvas.getContext('2d');
    ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx?.clearRect(0, 0, width, height);
    return ctx;
  }

  /** The whole line and its marks, for the current view. */
  redraw(): void {
    const map = this._map;
    if (!map || !this.still || !this.moving) return;
    const size = map.getSize();
    const pad = size.multiplyBy(PADDING).round();
    const topLeft = map.containerPointToLayerPoint(pad.multiplyBy(-1)).round();
    const width = size.x + 2 * pad.x;
    const height = size.y + 2 * pad.y;
    const dpr = window.devicePixelRatio || 1;
    this.topLeftLatLng = map.layerPointToLatLng(topLeft);
    const crs = map.options.crs ?? L.CRS.EPSG3857;
    const zoom = map.getZoom();
    this.scale = crs.scale(zoom) / crs.scale(0);
    const origin = map.getPixelOrigin();
    this.offX = origin.x + topLeft.x;
    this.offY = origin.y + topLeft.y;
    this.sizeCanvas(this.moving, topLeft, width, height, dpr);
    const ctx = this.sizeCanvas(this.still, topLeft, width, height, dpr);
    this.path = screenPath(this.px, this.py, this.scale, this.offX, this.offY, 1);
    if (ctx) this.drawStill(ctx);
    this.drawMoving();
  }

  private toScreen(lon: number, lat: number): [number, number] {
    const q = this._map!.project(toMapLatLng(lon, lat, this.provider), 0);
    return [q.x * this.scale - this.offX, q.y * this.scale - this.offY];
  }

  private drawStill(ctx: CanvasRenderingContext2D): void {
    const path = this.path;
    if (!path || path.length === 0) return;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    strokePath(ctx, path.x, path.y, path.length, TRACK_COLORS.ahead, 5);

    const p = this.playback;
    for (const a of p.alarms) {
      const [x, y] = this.toScreen(a.lon, a.lat);
      drawDot(ctx, x, y, 5, TRACK_COLORS.alarm);
    }
    for (const s of p.stops) {
      const [x, y] = this.toScreen(s.lon, s.lat);
      drawBadge(ctx, x, y, '停', TRACK_COLORS.stop);
    }
    const n = p.length;
    drawBadge(ctx, path.x[0], path.y[0], '起', TRACK_COLORS.start);
    if (n > 1) drawBadge(ctx, path.x[path.length - 1], path.y[path.length - 1], '终', TRACK_COLORS.end);
  }

  /** The travelled part and the vehicle at the cursor. */
  private drawMoving(): void {
    const map = this._map;
    const canvas = this.moving;
    const path = this.path;
    if (!map || !canvas || !path) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    this.frames++;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const pos = this.playback.positionAt();
    if (!pos) return;
    const i = pos.index;
    const n = this.px.length;
    const j = Math.min(i + 1, n - 1);
    const cx = (this.px[i] + (this.px[j] - this.px[i]) * pos.fraction) * this.scale - this.offX;
    const cy = (this.py[i] + (this.py[j] - this.py[i]) * pos.fraction) * this.scale - this.offY;
    // vertices of the screen path up to the cursor's position, then the cursor itself
    let end = 0;
    {
      let lo = 0;
      let hi = path.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (path.src[mid] <= i) lo = mid + 1;
        else hi = mid;
      }
      end = lo;
    }
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.beginPath();
    if (end > 0) {
      ctx.moveTo(path.x[0], path.y[0]);
      for (let k = 1; k < end; k++) ctx.lineTo(path.x[k], path.y[k]);
      ctx.lineTo(cx, cy);
    }
    ctx.strokeStyle = TRACK_COLORS.travelled;
    ctx.lineWidth = 5;
    ctx.stroke();

    ctx.beginPath();
    ctx.arc(cx, cy, VEHICLE_SIZE + 5, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(31,111,209,0.18)';
    ctx.fill();
    const [ax, ay, bx, by, qx, qy] = arrowCorners(cx, cy, pos.course, VEHICLE_SIZE);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.lineTo(cx, cy);
    ctx.lineTo(qx, qy);
    ctx.closePath();
    ctx.fillStyle = TRACK_COLORS.vehicle;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    canvas.dataset.x = cx.toFixed(1);
    canvas.dataset.y = cy.toFixed(1);
  }
}

function strokePath(ctx: CanvasRenderingContext2D, x: Float32Array, y: Float32Array, n: number, color: string, width: number): void {
  ctx.beginPath();
  ctx.moveTo(x[0], y[0]);
  for (let k = 1; k < n; k++) ctx.lineTo(x[k], y[k]);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = width + 3;
  ctx.stroke();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

function drawDot(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#fff';
  ctx.stroke();
}

/** A round badge with one character (起, 终, 停). */
function drawBadge(ctx: CanvasRenderingContext2D, x: number, y: number, text: string, color: string): void {
  drawDot(ctx, x, y, 10, color);
  ctx.fillStyle = '#fff';
  ctx.font = '600 11px "Microsoft YaHei", "Segoe UI", sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 0.5);
}

/**
 * Adds a replay's layer to a map and fits the view to each new track (a refinement of the same
 * track, with the same first and last positions, keeps the view). Returns the undo.
 */
export function attachTrack(map: L.Map, playback: TrackPlayback, provider: MapProvider): () => void {
  const layer = new TrackLayer(playback, provider);
  layer.addTo(map);
  let shown = '';
  const fit = () => {
    const p = playback.points;
    const key = p.length ? `${p[0].terminalNo}|${playback.startTime}|${playback.endTime}` : '';
    if (!key || key === shown) return;
    shown = key;
    const bounds = layer.bounds();
    if (bounds?.isValid()) map.fitBounds(bounds.pad(0.1), { maxZoom: 16, animate: false });
  };
  fit();
  const sub = playback.onTrackChange(fit);
  return () => {
    sub.dispose();
    layer.remove();
  };
}

/** The map's zoom and WGS84 bounds. */
export function viewState(map: L.Map, provider: MapProvider): { zoom: number; bounds: [number, number, number, number] } {
  const b = map.getBounds();
  const system = providerCoordSystem(provider);
  const sw: [number, number] = system === 'WGS84' ? [b.getWest(), b.getSouth()] : transformCoord([b.getWest(), b.getSouth()], system, 'WGS84');
  const ne: [number, number] = system === 'WGS84' ? [b.getEast(), b.getNorth()] : transformCoord([b.getEast(), b.getNorth()], system, 'WGS84');
  const clamp = (v: number, lim: number) => Math.max(-lim, Math.min(lim, v));
  return { zoom: map.getZoom(), bounds: [clamp(sw[0], 180), clamp(sw[1], 90), clamp(ne[0], 180), clamp(ne[1], 90)] };
}
