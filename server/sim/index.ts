// Public surface of the JT/T 808 terminal simulator (demo profile, tests, benchmarks).
export { startFleet, fleetStats, formatFleetStats, phoneAt, type FleetOptions, type FleetColdBoxOptions, type FleetStats, type FleetHandle } from './fleet-simulator';
export { COLD_BOX_ENCODINGS, DEFAULT_COLD_BOX_ITEM, ColdBoxModel, encodeColdBoxTemperature, type ColdBoxEncoding, type ColdBoxOptions } from './cold-box';
export { SimulatedTerminal, type SimulatedTerminalOptions, type TerminalState } from './simulated-terminal';
export { RouteModel, SimAlarmBit, SimStatusBit, OVERSPEED_KMH, type RouteModelOptions, type SimPosition } from './route-model';
export { SIM_CITIES, findSimCity, cityBounds, insideBounds, type SimCity, type SimBounds } from './sim-cities';
export { terminalIdentity, type TerminalIdentity } from './terminal-identity';
export { type TerminalCounters } from './terminal-counters';
export { ConnectGate } from './connect-gate';
export { SimTicker, sharedSimTicker } from './sim-ticker';
