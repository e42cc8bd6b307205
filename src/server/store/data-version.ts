/**
 * Counts writes to the store. Whatever is computed from many rows at once (season rankings, clip
 * counts per team) is cached against this number and recomputed after any event is created, changed
 * or deleted, since a visibility, season or date change moves those numbers.
 */
export class DataVersion {
  private value = 0;

  get current(): number {
    return this.value;
  }

  bump(): void {
    this.value += 1;
  }
}

/** One value cached per data version: computed on first use after each write. */
export class PerVersion<Value> {
  private cached: { version: number; value: Value } | null = null;

  constructor(
    private readonly version: DataVersion,
    private readonly compute: () => Value,
  ) {}

  get(): Value {
    if (this.cached === null || this.cached.version !== this.version.current) {
      this.cached = { version: this.version.current, value: this.compute() };
    }
    return this.cached.value;
  }
}
