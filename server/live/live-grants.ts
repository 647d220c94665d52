import { actualTimeAlarmQueryRoute } from '../api/alarm/alarm-query-routes';
import type { AppDeps } from '../api/app-deps';
import { sendCommandsRoute } from '../api/command/command-routes';
import { monitorListRoute } from '../api/monitor/monitor-routes';
import { roleMayCall } from '../api/route-registry';
import type { RouteDefinition } from '../api/route-definition';

/** Which kinds of live message a socket may receive (export notices always go to their own exporter only). */
export interface LiveGrants {
  /** snapshot, positions and online transitions */
  positions: boolean;
  alarms: boolean;
  commands: boolean;
}

/**
 * Each kind is granted by the API route that serves the same data, read from its definition
 * (resource and alsoResources), so the live channel cannot grant more than the API does.
 */
const GRANTING_ROUTES: Record<keyof LiveGrants, RouteDefinition> = {
  positions: monitorListRoute,
  alarms: actualTimeAlarmQueryRoute,
  commands: sendCommandsRoute,
};

export async function liveGrants(deps: Pick<AppDeps, 'store'>, roleId: number): Promise<LiveGrants> {
  const [positions, alarms, commands] = await Promise.all(
    (['positions', 'alarms', 'commands'] as const).map((kind) => roleMayCall(deps, roleId, GRANTING_ROUTES[kind])),
  );
  return { positions: positions!, alarms: alarms!, commands: commands! };
}
