import { useEffect, useState } from 'react';
import { expectOk, GEOCODE_FAILED, GeocodeService, HttpService, useService } from '@tianlu/sdk';

/** One row of /car/v4/api/monitor/list.json. */
export interface VehiclePosition {
  terminalNo: string;
  plateNo: string;
  online: boolean;
  lon: number;
  lat: number;
  speed: number;
  course: number;
  altitude: number;
  gpsTime: string;
  alarmFlags: number;
  statusFlags: number;
  mileage: number;
}

export type PositionState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ok'; position: VehiclePosition | undefined; address?: string };

/** The latest position of a terminal and its address (获取位置失败 when geocoding fails). */
export function useVehiclePosition(terminalNo: string): PositionState {
  const http = useService<HttpService>(HttpService);
  const geocode = useService<GeocodeService>(GeocodeService);
  const [state, setState] = useState<PositionState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    (async () => {
      const page = expectOk(
        await http.get<{ list: VehiclePosition[] }>('/car/v4/api/monitor/list.json', { keyword: terminalNo, current: 1, pageSize: 10 }),
      );
      const position = page.list.find((v) => v.terminalNo === terminalNo) ?? page.list[0];
      if (live) setState({ status: 'ok', position });
      if (!position) return;
      const address = await geocode.getAddress(position.lon, position.lat).catch(() => GEOCODE_FAILED);
      if (live) setState({ status: 'ok', position, address });
    })().catch((e: unknown) => live && setState({ status: 'error', message: e instanceof Error ? e.message : '网络异常' }));
    return () => {
      live = false;
    };
  }, [http, geocode, terminalNo]);
  return state;
}
