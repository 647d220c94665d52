import { DEMO_START_PHONE } from '../server/demo/demo-fleet';
import { normalizePhone } from '../server/gateway/jt808/index';
import { phoneAt } from '../server/sim/fleet-simulator';
import { SimulatedTerminal, type SimulatedTerminalOptions } from '../server/sim/simulated-terminal';

/** Demo terminals reporting to a gateway, each keeping the device times the gateway acknowledged. */
export interface AckedTerminals {
  sims: SimulatedTerminal[];
  /** Device times (ms) acknowledged, per terminal number. */
  acked: Map<string, Set<number>>;
  /** Acknowledgements so far, all terminals together. */
  ackCount(): number;
}

/** Starts `count` demo terminals (013800000001 …) that never lose signal or press SOS. */
export function startAckedTerminals(count: number, options: Omit<SimulatedTerminalOptions, 'phone' | 'route'>): AckedTerminals {
  const acked = new Map<string, Set<number>>();
  const sims: SimulatedTerminal[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const phone = phoneAt(DEMO_START_PHONE, i);
    const times = new Set<number>();
    acked.set(normalizePhone(phone), times);
    const sim = new SimulatedTerminal({ ...options, phone, route: { signalLossPerSecond: 0, sosPerSecond: 0 } });
    sim.on('acked', (t) => {
      for (const x of t) times.add(x);
      total += t.length;
    });
    sim.start();
    sims.push(sim);
  }
  return { sims, acked, ackCount: () => total };
}
