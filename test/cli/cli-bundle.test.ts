import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliBundle } from '../../bin/cli-bundle.mjs';

/*
 * The launcher's bundle, built in a project of its own: a main.ts that prints what part.ts holds.
 * What matters is that a bundle never outlives a change to a file it was built from.
 */

let root: string;

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

async function bundle(): Promise<string> {
  const path = await cliBundle(root);
  if (path === null) throw new Error('no bundle was built');
  return path;
}

function run(path: string): string {
  return execFileSync(process.execPath, [path], { encoding: 'utf8' }).trim();
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-bundle-'));
  write('tsconfig.node.json', '{ "compilerOptions": { "strict": true } }');
  write('src/cli/part.ts', "export const word: string = 'one';");
  write('src/cli/main.ts', "import { word } from './part';\nconsole.log(word);");
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the command line’s bundle', () => {
  it('is built once and kept while its sources stay as they were', async () => {
    const first = await bundle();
    expect(run(first)).toBe('one');
    const built = statSync(first).mtimeMs;
    const again = await bundle();
    expect(again).toBe(first);
    expect(statSync(again).mtimeMs).toBe(built);
  });

  it('is built again when a file it was built from changes, and the old one is removed', async () => {
    const first = await bundle();
    write('src/cli/part.ts', "export const word: string = 'two, a longer word';");
    const second = await bundle();
    expect(second).not.toBe(first);
    expect(run(second)).toBe('two, a longer word');
    expect(() => statSync(first)).toThrow();
  });

  it('follows a new import through the file that gained it', async () => {
    await bundle();
    write('src/cli/other.ts', "export const other: string = 'three';");
    write('src/cli/main.ts', "import { other } from './other';\nconsole.log(other);");
    expect(run(await bundle())).toBe('three');
    write('src/cli/other.ts', "export const other: string = 'four';");
    expect(run(await bundle())).toBe('four');
  });

  it('is not kept when a source changed while it was being built', async () => {
    // A modification time after the build began stands for a save that esbuild may have missed.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/cli/part.ts'), later, later);
    const first = await bundle();
    expect(run(first)).toBe('one');
    expect(() => statSync(join(root, 'node_modules/.cache/pitside-cli/current.json'))).toThrow();
  });

  it('is null where it cannot be written or the sources do not build, so the launcher runs them', async () => {
    write('node_modules', 'a file where the cache folder would go');
    expect(await cliBundle(root)).toBeNull();
    rmSync(join(root, 'node_modules'));
    write('src/cli/main.ts', 'import { missing } from "./nowhere";\nconsole.log(missing);');
    expect(await cliBundle(root)).toBeNull();
  });
});
