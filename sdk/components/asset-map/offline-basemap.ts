/**
 * The offline basemap: China's provinces and the neighbouring countries as vector shapes on a
 * canvas, with their names, over a sea-coloured background; from zoom 7 (`CITY_ZOOM`) the
 * provinces give way to the prefecture-level cities. Works without internet; the data (WGS84, see
 * tools/basemap/) is fetched only when a map is first shown, the cities only when first zoomed in.
 */
import * as L from 'leaflet';
import { loadBasemapData, type BasemapData, type BasemapProps } from './basemap-data';
import { BasemapLevelSwitch } from './basemap-level';
import { keptCanvasRenderer } from './canvas-pool';
import { loadCityBasemap, type CityShape } from './city-basemap-data';
import { CityLayer } from './city-layer';

export const SEA_COLOR = '#c6dcef';
const LAND = { province: '#f7f5ef', country: '#ebe8e0' };
const BORDER = { province: '#b3aa98', country: '#c9c3b6' };

/** Longest deferred basemap work waits for an idle moment, ms. */
const IDLE_TIMEOUT_MS = 300;

function whenIdle(fn: () => void): void {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number }).requestIdleCallback;
  if (typeof ric === 'function') ric(fn, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(fn, 0);
}

/** What a map's offline basemap is drawn with: built once, kept for the next map once its map no longer shows it. */
interface BasemapParts {
  renderer: L.Canvas;
  countryShapes: L.GeoJSON;
  provinceShapes: L.GeoJSON;
  countryLabels: L.LayerGroup;
  provinceLabels: L.LayerGroup;
  /** The city shapes, built when a map first zooms in to them. */
  cities?: CityLayer;
}

/** How many built basemaps are kept (a page's map and a dialog's). */
export const KEPT_BASEMAPS = 2;

/**
 * Built basemaps no map shows: building one converts every outline's points (some 15 ms, more on a
 * busy machine) and a map page opened again takes one instead.
 */
const keptBasemaps: BasemapParts[] = [];

function buildParts(geo: BasemapData): BasemapParts {
  // drawn a quarter of the view beyond each edge, as the vehicles are: a canvas's first drawing
  // allocates all of it (twice the view's area, rather than four times at a half)
  const renderer = keptCanvasRenderer({ padding: 0.25 });
  const countries = geo.features.filter((f) => f.properties.kind === 'country');
  const provinces = geo.features.filter((f) => f.properties.kind === 'province');
  return {
    renderer,
    countryShapes: shapes(countries, renderer),
    provinceShapes: shapes(provinces, renderer),
    countryLabels: labels(countries),
    provinceLabels: labels(provinces),
  };
}

/** Adds the shapes and labels to `map`; returns the layer group to remove them again. */
export async function addOfflineBasemap(map: L.Map): Promise<L.LayerGroup> {
  const geo = await loadBasemapData();
  const parts = keptBasemaps.pop() ?? buildParts(geo);
  const { renderer, provinceShapes, provinceLabels } = parts;
  provinceShapes.setStyle({ stroke: true });
  const group = L.layerGroup([parts.countryShapes, provinceShapes, parts.countryLabels, provinceLabels]);

  let citiesWanted = false;
  let removed = false;
  const level = new BasemapLevelSwitch<readonly CityShape[]>({
    loadCities: loadCityBasemap,
    showCities: (data) => {
      citiesWanted = true;
      // building and drawing some 370 city shapes takes a frame or more: after what the page is
      // showing now (a track's first frame, vehicles), with the provinces under it meanwhile
      whenIdle(() => {
        if (!citiesWanted || removed) return;
        parts.cities ??= new CityLayer(data, renderer);
        // province land stays under the cities: it fills the slivers where two cities' sources disagree
        provinceShapes.setStyle({ stroke: false });
        provinceLabels.remove();
        group.addLayer(parts.cities);
      });
    },
    showProvinces: () => {
      citiesWanted = false;
      parts.cities?.remove();
      provinceShapes.setStyle({ stroke: true });
      group.addLayer(provinceLabels);
    },
    onError: (err) => console.warn('城市底图加载失败', err),
  });
  // loading and decoding the cities waits for an idle moment too: a zoom is often part of a bigger change
  const onZoom = () =>
    whenIdle(() => {
      if (!removed) void level.update(map.getZoom());
    });
  map.on('zoomend', onZoom);
  group.on('remove', () => {
    if (removed) return;
    removed = true;
    map.off('zoomend', onZoom);
    level.dispose();
    // the group's layers are off the map now; the renderer they drew on leaves it too (its canvas kept)
    group.clearLayers();
    renderer.remove();
    if (keptBasemaps.length < KEPT_BASEMAPS) keptBasemaps.push(parts);
  });
  group.addTo(map);
  onZoom();
  return group;
}

function shapes(features: BasemapData['features'], renderer: L.Renderer): L.GeoJSON {
  return L.geoJSON({ type: 'FeatureCollection', features } as BasemapData, {
    interactive: false,
    style: (f) => {
      const kind = (f?.properties as BasemapProps).kind;
      return { renderer, color: BORDER[kind], weight: kind === 'province' ? 1 : 0.8, fillColor: LAND[kind], fillOpacity: 1, smoothFactor: 1.5 };
    },
  } as L.GeoJSONOptions);
}

function labels(features: BasemapData['features']): L.LayerGroup {
  const group = L.layerGroup();
  for (const f of features) {
    const { name, kind, label } = f.properties;
    if (!name) continue;
    L.marker([label[1], label[0]], {
      interactive: false,
      keyboard: false,
      icon: L.divIcon({ className: `tl-basemap-label tl-basemap-${kind}`, html: `<span>${name}</span>`, iconSize: [0, 0] }),
    }).addTo(group);
  }
  return group;
}
