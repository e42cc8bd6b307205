import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchRoot } from '../../bench/bench-root';

/*
 * The one temporary directory every benchmark writes its caches and data in: made empty, named
 * for its benchmark, and gone afterwards, whether the run unwinds or exits half way.
 */

function exitListeners(): NodeJS.ExitListener[] {
  return process.listeners('exit');
}

describe('benchRoot', () => {
  it('makes an empty directory of its own, named for the benchmark, and removes it once', () => {
    const before = exitListeners().length;
    const root = benchRoot('sync');
    expect(dirname(root.path)).toBe(tmpdir());
    expect(basename(root.path)).toMatch(/^pitside-bench-sync-.+/);
    expect(readdirSync(root.path)).toEqual([]);
    writeFileSync(join(root.path, 'pitside.db'), 'x');

    root.remove();
    expect(existsSync(root.path)).toBe(false);
    // Nothing is left to run at exit, and a second call is harmless.
    expect(exitListeners()).toHaveLength(before);
    root.remove();
  });

  it('is removed at exit when the run never unwound', () => {
    const before = exitListeners();
    const root = benchRoot('venue');
    const added = exitListeners().filter((listener) => !before.includes(listener));
    expect(added).toHaveLength(1);
    writeFileSync(join(root.path, 'run-0.db'), 'x');

    // What the process runs as it exits; the other listeners (the test runner's) are left alone.
    for (const listener of added) listener(0);
    expect(existsSync(root.path)).toBe(false);
    expect(exitListeners()).toEqual(before);
  });
});
