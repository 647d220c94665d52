/**
 * Drawing on the asset map. Circle: press at the centre and drag to the radius (or click the
 * centre, move, click again). Polygon: click each vertex, double-click to finish (three or more);
 * Escape starts over. Results are WGS84.
 */
import * as L from 'leaflet';
import type { MapProvider } from '../../services/config-service';
import { shapePane } from './shape-overlay';
import { circleFrom, fromMapLatLng, isPolygon, MIN_CIRCLE_RADIUS_M, type DrawMode, type DrawnShape } from './map-shapes';

/** Clicks closer than this to the last vertex are the same vertex (a double-click's clicks), px. */
const SAME_POINT_PX = 6;
const STYLE: L.PathOptions = { color: '#e8590c', weight: 2, dashArray: '6 4', fillColor: '#e8590c', fillOpacity: 0.15, interactive: false };

export class DrawTool {
  private circle: { center: L.LatLng; shape: L.Circle; dragging: boolean } | undefined;
  private vertices: L.LatLng[] = [];
  private sketch: L.Polyline | undefined;
  private done = false;
  private readonly handlers: [string, L.LeafletEventHandlerFn][];
  private readonly style: L.PathOptions;

  constructor(
    private readonly map: L.Map,
    private readonly provider: MapProvider,
    mode: DrawMode,
    private readonly onDone: (shape: DrawnShape) => void,
  ) {
    this.style = { ...STYLE, pane: shapePane(map) };
    this.handlers =
      mode === 'circle'
        ? [
            ['mousedown', (e) => this.circleDown(e as L.LeafletMouseEvent)],
            ['mousemove', (e) => this.circleMove(e as L.LeafletMouseEvent)],
            ['mouseup', (e) => this.circleUp(e as L.LeafletMouseEvent)],
          ]
        : [
            ['click', (e) => this.polygonClick(e as L.LeafletMouseEvent)],
            ['mousemove', (e) => this.polygonMove(e as L.LeafletMouseEvent)],
            ['dblclick', () => this.polygonFinish()],
          ];
    for (const [name, fn] of this.handlers) map.on(name, fn);
    map.dragging.disable();
    map.doubleClickZoom.disable();
    map.getContainer().style.cursor = 'crosshair';
    map.getContainer().dataset.drawing = mode;
    document.addEventListener('keydown', this.onKey);
  }

  stop(): void {
    for (const [name, fn] of this.handlers) this.map.off(name, fn);
    document.removeEventListener('keydown', this.onKey);
    this.clear();
    this.map.dragging.enable();
    this.map.doubleClickZoom.enable();
    this.map.getContainer().style.cursor = '';
    delete this.map.getContainer().dataset.drawing;
  }

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') this.clear();
  };

  private clear(): void {
    this.circle?.shape.remove();
    this.circle = undefined;
    this.sketch?.remove();
    this.sketch = undefined;
    this.vertices = [];
  }

  private wgs(p: L.LatLng): [number, number] {
    return fromMapLatLng(p.lat, p.lng, this.provider);
  }

  private circleDown(e: L.LeafletMouseEvent): void {
    if (this.done) return;
    if (this.circle && !this.circle.dragging) return this.circleFinish(e.latlng); // second click of click-move-click
    this.circle = { center: e.latlng, shape: L.circle(e.latlng, { ...this.style, radius: 0 }).addTo(this.map), dragging: true };
  }

  private circleMove(e: L.LeafletMouseEvent): void {
    if (this.circle) this.circle.shape.setRadius(this.map.distance(this.circle.center, e.latlng));
  }

  private circleUp(e: L.LeafletMouseEvent): void {
    if (!this.circle?.dragging) return;
    this.circle.dragging = false;
    const { radius } = circleFrom(this.wgs(this.circle.center), this.wgs(e.latlng));
    if (radius >= MIN_CIRCLE_RADIUS_M) this.circleFinish(e.latlng);
  }

  private circleFinish(rim: L.LatLng): void {
    if (!this.circle) return;
    const circle = circleFrom(this.wgs(this.circle.center), this.wgs(rim));
    if (circle.radius < MIN_CIRCLE_RADIUS_M) return;
    this.done = true;
    this.onDone({ kind: 'circle', ...circle });
  }

  private polygonClick(e: L.LeafletMouseEvent): void {
    if (this.done) return;
    const last = this.vertices.at(-1);
    if (last && this.map.latLngToContainerPoint(last).distanceTo(e.containerPoint) < SAME_POINT_PX) return;
    this.vertices.push(e.latlng);
    this.drawSketch(e.latlng);
  }

  private polygonMove(e: L.LeafletMouseEvent): void {
    if (this.vertices.length) this.drawSketch(e.latlng);
  }

  private drawSketch(cursor: L.LatLng): void {
    const path = [...this.vertices, cursor, ...(this.vertices.length > 1 ? [this.vertices[0]!] : [])];
    if (this.sketch) this.sketch.setLatLngs(path);
    else this.sketch = L.polyline(path, this.style).addTo(this.map);
  }

  private polygonFinish(): void {
    if (this.done) return;
    const points = this.vertices.map((v) => this.wgs(v));
    if (!isPolygon(points)) return;
    this.done = true;
    this.onDone({ kind: 'polygon', points });
  }
}
