/**
 * How many runs a long fuzz or soak makes, from the environment (small by default, so that a
 * suite run stays short; larger when asked for by hand). A value that is not a whole number from
 * `least` stops the file at once rather than running a test of some other size.
 */
export function envCount(name: string, fallback: number, least = 1): number {
  const given = process.env[name];
  const count = given === undefined ? fallback : Number(given);
  if (!Number.isInteger(count) || count < least) {
    throw new Error(`${name} must be a whole number from ${least}, not ${given}`);
  }
  return count;
}
