import { readFileSync } from 'node:fs';

/** The `BENCH name value unit` and PASS/FAIL lines every benchmark prints (see bench/run.ts). */
export class BenchReport {
  private failures = 0;

  /** One figure. */
  bench(name: string, value: number, unit: string): void {
    const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
    const shown = Number.isInteger(value) ? String(value) : value.toFixed(digits);
    console.log(`BENCH ${name} ${shown} ${unit}`);
  }

  /** One goal: PASS or FAIL with the line that explains it; a FAIL makes the exit code 1. */
  check(ok: boolean, line: string): void {
    if (!ok) this.failures++;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${line}`);
  }

  /** Sets the exit code: 1 when any goal failed. */
  finish(): void {
    process.exitCode = this.failures ? 1 : 0;
  }
}

/** `12345.6` → `12,346`. */
export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Busy share of the whole machine (all cores) between two readings of /proc/stat; undefined off Linux. */
export class MachineLoad {
  private start = MachineLoad.read();

  static read(): { busy: number; total: number } | undefined {
    try {
      const text = readFileSync('/proc/stat', 'utf8');
      const cpu = text.split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
      const idle = cpu[3]! + (cpu[4] ?? 0);
      const total = cpu.reduce((a, b) => a + b, 0);
      return { busy: total - idle, total };
    } catch {
      return undefined;
    }
  }

  reset(): void {
    this.start = MachineLoad.read();
  }

  /** Busy share (0–1) since construction or the last reset. */
  busy(): number | undefined {
    const end = MachineLoad.read();
    if (!end || !this.start || end.total === this.start.total) return undefined;
    return (end.busy - this.start.busy) / (end.total - this.start.total);
  }
}
