// Public surface of the gateway for server wiring (main.ts), the store and the bus.
export * from './gateway-ports';
export { Jt808Gateway, TerminalOfflineError, type Jt808GatewayOptions } from './jt808/jt808-gateway';
export type { GatewayMetricsSnapshot } from './gateway-metrics';
export type { LatencySnapshot } from './latency-histogram';
export { PositionBatcher, type PositionBatcherOptions, type PositionBatcherStats } from './position-batcher';
export { readGatewayEnv, type GatewayEnv } from './gateway-env';
