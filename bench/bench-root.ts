import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchRoot {
  /** The directory, empty at first. */
  path: string;
  /** Removes it, once; later calls do nothing. */
  remove: () => void;
}

/**
 * A temporary directory for one benchmark's caches and data, `pitside-bench-<name>-…`. It is
 * removed on exit as well: an interrupted run exits without unwinding, and what it wrote must not
 * stay behind either.
 */
export function benchRoot(name: string): BenchRoot {
  const path = mkdtempSync(join(tmpdir(), `pitside-bench-${name}-`));
  const remove = (): void => {
    process.off('exit', remove);
    rmSync(path, { recursive: true, force: true });
  };
  process.once('exit', remove);
  return { path, remove };
}
