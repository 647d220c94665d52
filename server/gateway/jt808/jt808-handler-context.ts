import type { GatewayEventHub } from '../gateway-event-hub';
import type { GatewayCounters } from '../gateway-metrics';
import type { GatewayLog, TerminalDirectory } from '../gateway-ports';
import type { Jt808Connection, Jt808Session } from './jt808-connection';
import type { PositionBatcher } from '../position-batcher';

/** What the message handlers of every protocol use of their gateway. */
export interface GatewayHandlerContext {
  directory: TerminalDirectory;
  batcher: PositionBatcher;
  events: GatewayEventHub;
  counters: GatewayCounters;
  log: GatewayLog;
  /** Provision unknown terminals instead of refusing them. */
  autoRegister: boolean;
}

/** What the JT/T 808 message handlers use of the gateway. */
export interface Jt808HandlerContext extends GatewayHandlerContext {
  /** Makes `connection` the terminal's live link (closing an older one) and reports it online; false when the login was refused. */
  goOnline(connection: Jt808Connection, session: Jt808Session): Promise<boolean>;
  /** Ends the terminal's session on `connection` without closing the socket (0x0003 logout). */
  goOffline(connection: Jt808Connection): void;
}
