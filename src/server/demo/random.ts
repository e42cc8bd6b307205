/**
 * A small seeded generator (sfc32) so that demo data is the same on every machine and every run:
 * `Math.random` cannot be seeded, and the data set must be reproducible from a number.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = '') {
    const words = seedWords(`${seed}:${stream}`);
    this.a = words[0];
    this.b = words[1];
    this.c = words[2];
    this.d = words[3];
    // The first outputs of sfc32 still echo the seed; discard them.
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a |= 0;
    this.b |= 0;
    this.c |= 0;
    this.d |= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; `weights` runs parallel to `items`. */
  pickWeighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const weight of weights) total += weight;
    let target = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      target -= weights[i] ?? 0;
      if (target < 0) return items[i] as T;
    }
    return this.pick(items);
  }

  /** A roughly normal value (sum of uniforms), cheap and bounded to mean ± 3 spread. */
  normal(mean: number, spread: number): number {
    const sum = this.next() + this.next() + this.next() + this.next() + this.next() + this.next();
    return mean + (sum - 3) * spread;
  }

  /** A Gaussian value (Box–Muller): unbounded, with exactly this standard deviation. */
  gaussian(mean: number, standardDeviation: number): number {
    // 1 − next() lies in (0, 1], so the logarithm stays finite.
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    return mean + standardDeviation * radius * Math.cos(2 * Math.PI * this.next());
  }

  /** Shuffles a copy (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const held = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = held;
    }
    return copy;
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const take = Math.min(count, copy.length);
    for (let i = 0; i < take; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const held = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = held;
    }
    return copy.slice(0, take);
  }
}

/** Spreads a text over four 32-bit words (cyrb128), so nearby seeds give unrelated streams. */
function seedWords(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}
