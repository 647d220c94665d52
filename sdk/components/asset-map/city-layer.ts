/**
 * The city level of the offline basemap on a Leaflet map: city outlines filled as land, province
 * borders heavier over them, and city names decluttered after every move so none overlap.
 *
 * Only the cities in and around the view are built: a map at street level shows one or two of the
 * 392, and building, projecting and labelling all of them took a frame of 100 ms on every map that
 * opened on an asset. Cities are added as the view moves to them, and kept.
 */
import * as L from 'leaflet';
import { citiesInView, type Box, type CityShape } from './city-basemap-data';
import { declutter } from './label-declutter';

const LAND = '#f7f5ef';
const CITY_BORDER = '#cbc2b0';
const PROVINCE_BORDER = '#a89e8a';
/** Municipalities, 香港 and 澳门 name first, then bigger cities before smaller ones. */
const FIRST_PROVINCES = new Set(['11', '12', '31', '50', '81', '82']);
const LABEL_FONT_PX = 12;
/** How far around the view cities are built ahead, in views (a pan of half a view shows no gap). */
const VIEW_PAD = 0.5;

/** The cities as one layer group; while on a map it builds the cities the view reaches and declutters their labels after every move. */
export class CityLayer extends L.LayerGroup {
  /** The cities' indexes, most important name first. */
  private readonly ranked: number[];
  /** The label of each city built, by index. */
  private readonly labels = new Map<number, L.Marker>();
  private map: L.Map | undefined;

  constructor(
    private readonly cities: readonly CityShape[],
    private readonly renderer: L.Renderer,
  ) {
    super();
    this.ranked = cities.map((_, i) => i).sort((a, b) => rank(cities[b]!) - rank(cities[a]!) || cities[b]!.area - cities[a]!.area);
  }

  /** How many cities are built (drawn or ready to be). */
  get built(): number {
    return this.labels.size;
  }

  onAdd(map: L.Map): this {
    super.onAdd(map);
    this.map = map;
    map.on('zoomend moveend', this.update, this);
    this.update();
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('zoomend moveend', this.update, this);
    this.map = undefined;
    super.onRemove(map);
    return this;
  }

  /** Builds the cities the view reaches, then places the labels. */
  private update(): void {
    const map = this.map;
    if (!map) return;
    const view = map.getBounds().pad(VIEW_PAD);
    const box: Box = [view.getSouth(), view.getWest(), view.getNorth(), view.getEast()];
    const fresh = citiesInView(this.cities, box).filter((i) => !this.labels.has(i));
    // outlines first, then the province borders over all of them, then the names
    for (const i of fresh) {
      const c = this.cities[i]!;
      this.addLayer(L.polygon(c.polygons, { renderer: this.renderer, interactive: false, color: CITY_BORDER, weight: 0.8, fillColor: LAND, fillOpacity: 1, smoothFactor: 1 }));
    }
    for (const i of fresh) {
      const c = this.cities[i]!;
      if (c.provinceBorders.length) this.addLayer(L.polyline(c.provinceBorders, { renderer: this.renderer, interactive: false, color: PROVINCE_BORDER, weight: 1.2, smoothFactor: 1 }));
    }
    for (const i of fresh) {
      const c = this.cities[i]!;
      const label = L.marker(c.label, {
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'tl-basemap-label tl-basemap-city', html: `<span>${c.name}</span>`, iconSize: [0, 0] }),
      });
      this.labels.set(i, label);
      this.addLayer(label);
    }
    // province borders drawn earlier stay over the outlines added now
    if (fresh.length) this.eachLayer((layer) => layer instanceof L.Polyline && !(layer instanceof L.Polygon) && layer.bringToFront());
    this.placeLabels(map);
  }

  /** Shows the labels in view that fit without overlapping, most important first. */
  private placeLabels(map: L.Map): void {
    const view = map.getBounds().pad(0.1);
    const candidates: { index: number; x: number; y: number; width: number; height: number }[] = [];
    for (const index of this.ranked) {
      const m = this.labels.get(index);
      if (!m || !view.contains(m.getLatLng())) continue;
      const p = map.latLngToContainerPoint(m.getLatLng());
      candidates.push({ index, x: p.x, y: p.y, width: this.cities[index]!.name.length * LABEL_FONT_PX + 4, height: LABEL_FONT_PX + 4 });
    }
    const shown = new Set(declutter(candidates).map((i) => candidates[i]!.index));
    for (const [i, m] of this.labels) m.getElement()?.classList.toggle('tl-label-hidden', !shown.has(i));
  }
}

/** Municipalities and the special regions name first. */
function rank(city: CityShape): number {
  return Number(FIRST_PROVINCES.has(city.province));
}
