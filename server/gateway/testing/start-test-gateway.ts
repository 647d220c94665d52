import { Jt808Gateway, type Jt808GatewayOptions } from '../jt808/jt808-gateway';
import { EventRecorder, MemoryPositionSink, MemoryTerminalDirectory } from './gateway-fakes';
import { Jt808TestTerminal } from './jt808-test-terminal';
import type { Jt808Edition } from '../jt808';

/** A gateway on 127.0.0.1:0 with in-memory fakes at its edges. */
export interface TestGateway {
  gateway: Jt808Gateway;
  directory: MemoryTerminalDirectory;
  sink: MemoryPositionSink;
  events: EventRecorder;
  port: number;
  /** Connects a test terminal (closed again by stop()). */
  terminal(phone?: string, edition?: Jt808Edition): Promise<Jt808TestTerminal>;
  stop(): Promise<void>;
}

/** Starts a gateway for one test; '13800000001' is provisioned. */
export async function startTestGateway(options: Partial<Jt808GatewayOptions> = {}): Promise<TestGateway> {
  const directory = new MemoryTerminalDirectory();
  directory.add('13800000001');
  const sink = new MemoryPositionSink();
  const events = new EventRecorder();
  const gateway = new Jt808Gateway({ directory, sink, events, batcher: { maxDelayMs: 5 }, ...options });
  const port = await gateway.listen(0, '127.0.0.1');
  const terminals: Jt808TestTerminal[] = [];
  return {
    gateway, directory, sink, events, port,
    async terminal(phone, edition) {
      const t = await Jt808TestTerminal.connect(port, phone, edition);
      terminals.push(t);
      return t;
    },
    async stop() {
      for (const t of terminals) t.close();
      sink.release();
      await gateway.close();
    },
  };
}
