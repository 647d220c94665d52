/** [x, y] in degrees. */
export type Point = [number, number];

/**
 * Douglas–Peucker: keeps the first and last point and every point further than `tolerance` from
 * the simplified line. A closed ring (first = last) is measured from that point instead of a line.
 */
export function simplify(line: Point[], tolerance: number): Point[] {
  if (line.length <= 4) return line;
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = line[a];
    const [bx, by] = line[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    let worst = -1;
    let index = -1;
    for (let i = a + 1; i < b; i++) {
      const d = len < 1e-12 ? Math.hypot(line[i][0] - ax, line[i][1] - ay) : Math.abs(dy * line[i][0] - dx * line[i][1] + bx * ay - by * ax) / len;
      if (d > worst) [worst, index] = [d, i];
    }
    if (worst > tolerance) {
      keep[index] = 1;
      stack.push([a, index], [index, b]);
    }
  }
  return line.filter((_, i) => keep[i]);
}
