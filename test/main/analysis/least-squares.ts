/*
 * An independent yardstick for OPR: least squares by Householder QR on the dense system itself
 * (never the normal equations), with the rank read off R's diagonal.
 */

export interface LeastSquares {
  rank: number;
  /** The exact solution; null when A has not full column rank. */
  solution: number[] | null;
}

export function householderLeastSquares(a: number[][], b: number[], columns: number): LeastSquares {
  const rows = a.length;
  const r = a.map((row) => row.slice());
  const y = b.slice();
  const steps = Math.min(rows, columns);
  for (let k = 0; k < steps; k++) {
    let norm = 0;
    for (let i = k; i < rows; i++) norm += (r[i]?.[k] ?? 0) ** 2;
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    const head = r[k]?.[k] ?? 0;
    const alpha = head > 0 ? -norm : norm;
    const v: number[] = [];
    for (let i = k; i < rows; i++) v.push((r[i]?.[k] ?? 0) - (i === k ? alpha : 0));
    const vv = v.reduce((sum, value) => sum + value * value, 0);
    if (vv === 0) continue;
    for (let j = k; j < columns; j++) {
      let dot = 0;
      for (let i = k; i < rows; i++) dot += (v[i - k] ?? 0) * (r[i]?.[j] ?? 0);
      const factor = (2 * dot) / vv;
      for (let i = k; i < rows; i++) {
        const row = r[i] as number[];
        row[j] = (row[j] ?? 0) - factor * (v[i - k] ?? 0);
      }
    }
    let dot = 0;
    for (let i = k; i < rows; i++) dot += (v[i - k] ?? 0) * (y[i] ?? 0);
    const factor = (2 * dot) / vv;
    for (let i = k; i < rows; i++) y[i] = (y[i] ?? 0) - factor * (v[i - k] ?? 0);
  }
  const diagonal = Array.from({ length: steps }, (_, k) => Math.abs(r[k]?.[k] ?? 0));
  const largest = Math.max(0, ...diagonal);
  const rank = diagonal.filter((value) => value > largest * 1e-8).length;
  if (rank < columns) return { rank, solution: null };
  const x = new Array<number>(columns).fill(0);
  for (let i = columns - 1; i >= 0; i--) {
    let sum = y[i] ?? 0;
    for (let j = i + 1; j < columns; j++) sum -= (r[i]?.[j] ?? 0) * (x[j] ?? 0);
    x[i] = sum / (r[i]?.[i] ?? 1);
  }
  return { rank, solution: x };
}
