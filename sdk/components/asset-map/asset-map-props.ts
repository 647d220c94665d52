import type { CSSProperties } from 'react';
import type { AssetKind } from '../../asset-kinds';
import type { MapProvider } from '../../services/config-service';
import type { MonitorItem } from '../../services/live-service';
import type { DrawMode, DrawnShape, MapShape } from './map-shapes';
import type { TrackPlayback } from '../track-player/track-playback';

/** What the map shows: its zoom and the WGS84 box in view ([minLon, minLat, maxLon, maxLat]). */
export interface MapViewState {
  zoom: number;
  bounds: [number, number, number, number];
}

/** Props of `AssetMap`. */
export interface AssetMapProps {
  /** The assets to draw (WGS84 positions; items without one are skipped). */
  items: readonly MonitorItem[];
  /** terminalNo of the highlighted asset (bigger mark, plate label). */
  selected?: string;
  /**
   * terminalNos of assets to mark, e.g. those a fence binds: each drawn on its own with its label,
   * never hidden in a cluster.
   */
  marked?: readonly string[];
  /**
   * While set, the view fits the shapes and the assets drawn together (with padding) each time it
   * changes, e.g. to the fence edited and what it binds as the binding changes; the map's own first
   * fit is skipped. Unset it while the user draws: the view then stays where they put it.
   */
  fitKey?: string;
  /** The ids of the shapes that fit covers (e.g. the fence edited, not the others); default every shape. */
  fitShapes?: readonly string[];
  /** A click on an asset's mark. */
  onSelect?: (terminalNo: string) => void;
  /** Basemap; default the tenant's 地图设置 (else the server's default, 自动: 高德 street tiles). */
  provider?: MapProvider;
  /** Key of the provider (天地图); default the tenant's. */
  mapKey?: string;
  /** A trail to draw (WGS84 [lon, lat], oldest first), e.g. the followed vehicle's recent path. */
  trail?: readonly (readonly [number, number])[];
  /** Keep the selected asset in view as it moves. */
  follow?: boolean;
  /** Initial zoom when following (default 14). */
  followZoom?: number;
  /**
   * A track replay to draw: the line (grey ahead, blue travelled), start, end, stop and alarm
   * marks, and the vehicle moving with its heading as the playback's cursor moves. The view fits
   * the track when its positions are first set.
   */
  playback?: TrackPlayback;
  /** The view settled after a move or zoom (and once after the first fit). */
  onViewChange?: (view: MapViewState) => void;
  /**
   * Given: the map does not draw its note (the online basemap failed, the offline one is shown) over
   * itself but tells it here, undefined when there is none, for a page whose own overlays sit where
   * the note would (it shows the note in their flow, so nothing covers anything).
   */
  onNote?: (note: string | undefined) => void;
  /** Circles and polygons to draw (WGS84), e.g. fences; without assets the view fits them once. */
  shapes?: readonly MapShape[];
  /** A click on a shape. */
  onShapeClick?: (id: string) => void;
  /** Brings this shape into view whenever it changes. */
  focusShape?: string;
  /**
   * Lets the user draw: 'circle' (press at the centre and drag, or click the centre and click the
   * rim) or 'polygon' (click the vertices, double-click to finish; Escape starts over). The map
   * does not pan while drawing. `onDraw` receives the shape in WGS84; clear `draw` to stop.
   */
  draw?: DrawMode;
  onDraw?: (shape: DrawnShape) => void;
  /**
   * The kind of asset the map is about (its page's): the legend says its words (移动, 骑行 …) while no
   * asset is shown. Default: a vehicle's.
   */
  kind?: AssetKind;
  /** Show the colour legend (default true). */
  legend?: boolean;
  className?: string;
  style?: CSSProperties;
}
