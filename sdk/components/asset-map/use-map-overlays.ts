import type * as L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { AssetMapProps } from './asset-map-props';
import type { MapProvider } from '../../services/config-service';
import { DrawTool } from './draw-tool';
import { ShapeOverlay } from './shape-overlay';

/**
 * The shapes and the drawing tool of an asset map (props `shapes`, `onShapeClick`, `focusShape`,
 * `draw`, `onDraw`). Without assets the view fits the shapes once.
 */
export function useMapOverlays(map: L.Map | undefined, provider: MapProvider, props: AssetMapProps): void {
  const [overlay, setOverlay] = useState<ShapeOverlay>();
  const onShapeClick = useRef(props.onShapeClick);
  onShapeClick.current = props.onShapeClick;
  const onDraw = useRef(props.onDraw);
  onDraw.current = props.onDraw;

  useEffect(() => {
    if (!map) return;
    const o = new ShapeOverlay(map, provider, (id) => onShapeClick.current?.(id));
    setOverlay(o);
    return () => {
      o.remove();
      setOverlay(undefined);
    };
  }, [map, provider]);

  const hasItems = props.items.length > 0;
  const ownFit = props.fitKey !== undefined;
  useEffect(() => overlay?.setShapes(props.shapes ?? [], !hasItems && !ownFit), [overlay, props.shapes, hasItems, ownFit]);

  useEffect(() => {
    const shape = props.focusShape ? props.shapes?.find((s) => s.id === props.focusShape) : undefined;
    if (overlay && shape) overlay.fit([shape]);
    // only when the focus changes, not on every redraw of the shapes
  }, [overlay, props.focusShape]);

  useEffect(() => {
    if (!map || !props.draw) return;
    const tool = new DrawTool(map, provider, props.draw, (shape) => onDraw.current?.(shape));
    return () => tool.stop();
  }, [map, provider, props.draw]);
}
