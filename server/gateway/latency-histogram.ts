/** Percentiles of a {@link LatencyHistogram}, in milliseconds. */
export interface LatencySnapshot {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

// Log-spaced buckets, 8 per doubling: any percentile is within ~9 % of the true value, memory is
// fixed (a few hundred counters) however many samples arrive.
const PER_DOUBLING = 8;
const MIN_MS = 0.01;
const BUCKETS = PER_DOUBLING * 24; // 0.01 ms … ~28 minutes

/** A fixed-size latency histogram; record in ms, read percentiles. */
export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS + 1);
  private total = 0;
  private sum = 0;
  private largest = 0;

  /** Adds one sample (ms). Negative and non-finite samples are ignored. */
  record(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) return;
    this.counts[bucketOf(ms)]!++;
    this.total++;
    this.sum += ms;
    if (ms > this.largest) this.largest = ms;
  }

  /** The value below which `q` (0–1) of the samples fall; 0 when empty. */
  quantile(q: number): number {
    if (this.total === 0) return 0;
    const rank = Math.max(1, Math.ceil(q * this.total));
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(upperBound(i), this.largest);
    }
    return this.largest;
  }

  /** Count, p50/p90/p99, max and mean. */
  snapshot(): LatencySnapshot {
    return {
      count: this.total,
      p50: round(this.quantile(0.5)),
      p90: round(this.quantile(0.9)),
      p99: round(this.quantile(0.99)),
      max: round(this.largest),
      mean: round(this.total ? this.sum / this.total : 0),
    };
  }
}

function bucketOf(ms: number): number {
  if (ms <= MIN_MS) return 0;
  return Math.min(BUCKETS, Math.ceil(Math.log2(ms / MIN_MS) * PER_DOUBLING));
}

function upperBound(bucket: number): number {
  return MIN_MS * 2 ** (bucket / PER_DOUBLING);
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
