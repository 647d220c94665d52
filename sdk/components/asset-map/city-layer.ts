/**
 * The city level of the offline basemap on a Leaflet map: city outlines filled as land, province
 * borders heavier over them, and city names decluttered after every move so none overlap.
 */
import * as L from 'leaflet';
import type { CityShape } from './city-basemap-data';
import { declutter } from './label-declutter';

const LAND = '#f7f5ef';
const CITY_BORDER = '#cbc2b0';
const PROVINCE_BORDER = '#a89e8a';
/** Municipalities, 香港 and 澳门 name first, then bigger cities before smaller ones. */
const FIRST_PROVINCES = new Set(['11', '12', '31', '50', '81', '82']);
const LABEL_FONT_PX = 12;

/** The cities as one layer group; while on a map it declutters its labels after every move. */
export class CityLayer extends L.LayerGroup {
  private readonly labels: L.Marker[];
  private readonly names: string[];
  private map: L.Map | undefined;

  constructor(cities: readonly CityShape[], renderer: L.Renderer) {
    super();
    for (const c of cities) {
      this.addLayer(L.polygon(c.polygons, { renderer, interactive: false, color: CITY_BORDER, weight: 0.8, fillColor: LAND, fillOpacity: 1, smoothFactor: 1 }));
    }
    for (const c of cities) {
      if (c.provinceBorders.length) this.addLayer(L.polyline(c.provinceBorders, { renderer, interactive: false, color: PROVINCE_BORDER, weight: 1.2, smoothFactor: 1 }));
    }
    const ranked = [...cities].sort((a, b) => Number(FIRST_PROVINCES.has(b.province)) - Number(FIRST_PROVINCES.has(a.province)) || b.area - a.area);
    this.names = ranked.map((c) => c.name);
    this.labels = ranked.map((c) =>
      L.marker(c.label, {
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'tl-basemap-label tl-basemap-city', html: `<span>${c.name}</span>`, iconSize: [0, 0] }),
      }),
    );
    for (const m of this.labels) this.addLayer(m);
  }

  onAdd(map: L.Map): this {
    super.onAdd(map);
    this.map = map;
    map.on('zoomend moveend', this.placeLabels, this);
    this.placeLabels();
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('zoomend moveend', this.placeLabels, this);
    this.map = undefined;
    super.onRemove(map);
    return this;
  }

  /** Shows the labels in view that fit without overlapping, most important first. */
  private placeLabels(): void {
    const map = this.map;
    if (!map) return;
    const view = map.getBounds().pad(0.1);
    const candidates: { index: number; x: number; y: number; width: number; height: number }[] = [];
    this.labels.forEach((m, index) => {
      if (!view.contains(m.getLatLng())) return;
      const p = map.latLngToContainerPoint(m.getLatLng());
      candidates.push({ index, x: p.x, y: p.y, width: this.names[index]!.length * LABEL_FONT_PX + 4, height: LABEL_FONT_PX + 4 });
    });
    const shown = new Set(declutter(candidates).map((i) => candidates[i]!.index));
    this.labels.forEach((m, i) => m.getElement()?.classList.toggle('tl-label-hidden', !shown.has(i)));
  }
}
