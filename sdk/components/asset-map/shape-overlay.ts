/**
 * The shapes of the asset map (fences): circles and polygons on their own pane above the basemap
 * and below the vehicles, each with its name; a click reports the shape's id.
 */
import * as L from 'leaflet';
import type { MapProvider } from '../../services/config-service';
import { toMapLatLng } from './map-providers';
import { shapeBounds, type MapShape } from './map-shapes';

const PANE = 'tlShapes';

/** The pane of shapes and drawings: above the basemap (overlay pane, 400), below its labels and the vehicles. */
export function shapePane(map: L.Map): string {
  if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = '450';
  return PANE;
}
const COLOR = '#1f6fd1';
const HIGHLIGHT = '#e8590c';

export class ShapeOverlay {
  private readonly group: L.FeatureGroup;
  private fitted = false;

  constructor(
    private readonly map: L.Map,
    private readonly provider: MapProvider,
    private readonly onClick: (id: string) => void,
  ) {
    shapePane(map);
    this.group = L.featureGroup().addTo(map);
  }

  setShapes(shapes: readonly MapShape[], fitFirst: boolean): void {
    this.group.clearLayers();
    for (const shape of shapes) {
      const color = shape.highlighted ? HIGHLIGHT : COLOR;
      const style: L.PathOptions = { pane: PANE, color, weight: shape.highlighted ? 3 : 2, fillColor: color, fillOpacity: shape.highlighted ? 0.22 : 0.12 };
      const layer =
        shape.kind === 'circle'
          ? L.circle(toMapLatLng(shape.center[0], shape.center[1], this.provider), { ...style, radius: shape.radius })
          : L.polygon(
              shape.points.map(([lon, lat]) => toMapLatLng(lon, lat, this.provider)),
              style,
            );
      if (shape.label) layer.bindTooltip(shape.label, { permanent: true, direction: 'center', className: 'tl-shape-label' });
      layer.on('click', () => this.onClick(shape.id));
      (layer as L.Path & { options: { shapeId?: string } }).options.shapeId = shape.id;
      this.group.addLayer(layer);
    }
    if (fitFirst && !this.fitted && shapes.length) {
      this.fitted = true;
      this.fit(shapes);
    }
  }

  /** Brings shapes into view. */
  fit(shapes: readonly MapShape[]): void {
    const bounds = L.latLngBounds([]);
    for (const s of shapes) {
      const [minLon, minLat, maxLon, maxLat] = shapeBounds(s);
      bounds.extend(toMapLatLng(minLon, minLat, this.provider));
      bounds.extend(toMapLatLng(maxLon, maxLat, this.provider));
    }
    if (bounds.isValid()) this.map.fitBounds(bounds.pad(0.2), { maxZoom: 16 });
  }

  remove(): void {
    this.group.remove();
  }
}
