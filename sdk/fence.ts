/**
 * 电子围栏 as the API answers it (docs/api-contract.md, "Alarms, geofences and commands"): one contract for
 * the server that stores fences and the pages that draw them. Pure types.
 */

/** When a fence raises its alarm: on entering, on leaving, or both. */
export type FenceTrigger = 'enter' | 'exit' | 'both';

/** A fence (WGS84 [lon, lat]; radius in metres): a circle has center and radius, a polygon its points. */
export interface Fence {
  id: number;
  name: string;
  shape: 'circle' | 'polygon';
  center?: [number, number];
  radius?: number;
  points?: [number, number][];
  trigger: FenceTrigger;
  vehicleIds: number[];
  groupIds: number[];
  createTime: string;
}
