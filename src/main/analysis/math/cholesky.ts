/*
 * Cholesky factorisation of a symmetric positive (semi)definite matrix, dense and row-major, for
 * the normal equations of an event's OPR (40–80 unknowns: dense is fastest at that size).
 */

/** A pivot this small against the largest diagonal entry means the matrix is singular. */
const RELATIVE_PIVOT_TOLERANCE = 1e-9;

/**
 * The lower factor L with M = L·Lᵀ, or null when M is singular (rank-deficient) to the tolerance:
 * the normal matrix AᵀA of a rank-deficient A has a pivot that is zero up to rounding.
 */
export function cholesky(matrix: Float64Array, size: number): Float64Array | null {
  let largest = 0;
  for (let i = 0; i < size; i++) largest = Math.max(largest, matrix[i * size + i] ?? 0);
  if (largest <= 0) return null;
  const tolerance = largest * RELATIVE_PIVOT_TOLERANCE;
  const lower = new Float64Array(size * size);
  for (let j = 0; j < size; j++) {
    let pivot = matrix[j * size + j] ?? 0;
    for (let k = 0; k < j; k++) {
      const value = lower[j * size + k] ?? 0;
      pivot -= value * value;
    }
    if (!(pivot > tolerance)) return null;
    const root = Math.sqrt(pivot);
    lower[j * size + j] = root;
    for (let i = j + 1; i < size; i++) {
      let sum = matrix[i * size + j] ?? 0;
      for (let k = 0; k < j; k++) sum -= (lower[i * size + k] ?? 0) * (lower[j * size + k] ?? 0);
      lower[i * size + j] = sum / root;
    }
  }
  return lower;
}

/** Solves L·Lᵀ·x = b with the factor from `cholesky`. */
export function choleskySolve(lower: Float64Array, size: number, b: Float64Array): Float64Array {
  const y = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    let sum = b[i] ?? 0;
    for (let k = 0; k < i; k++) sum -= (lower[i * size + k] ?? 0) * (y[k] ?? 0);
    y[i] = sum / (lower[i * size + i] ?? 1);
  }
  const x = new Float64Array(size);
  for (let i = size - 1; i >= 0; i--) {
    let sum = y[i] ?? 0;
    for (let k = i + 1; k < size; k++) sum -= (lower[k * size + i] ?? 0) * (x[k] ?? 0);
    x[i] = sum / (lower[i * size + i] ?? 1);
  }
  return x;
}
