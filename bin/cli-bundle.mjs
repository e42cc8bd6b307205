// The command line as one JavaScript file, built with esbuild from src/cli and kept until a file it
// was built from changes. Run through tsx module by module, a command spent 1.4 s (1.9 CPU-s)
// before it did anything: tsx compiled and resolved some 340 modules on every start. From the
// bundle it starts in 0.5 s. Scripts call the command line in loops, and so do the tests.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RECORD = 'current.json';
/** This file: how the bundle is built is one of its inputs too. */
const BUILDER = fileURLToPath(import.meta.url);

/** A file's size and modification time: what an edit changes, read without opening the file. */
function stamp(path) {
  const stats = statSync(path);
  return `${stats.size}:${stats.mtimeMs}`;
}

/** The kept bundle, if every file it was built from is as it was then. */
function keptBundle(root, cache) {
  let record;
  try {
    record = JSON.parse(readFileSync(join(cache, RECORD), 'utf8'));
    for (const [input, expected] of Object.entries(record.inputs)) {
      if (stamp(resolve(root, input)) !== expected) return null;
    }
    statSync(join(cache, record.bundle));
  } catch {
    return null; // no record yet, a file gone, or a bundle deleted: build again
  }
  return join(cache, record.bundle);
}

/** Writes a file whole or not at all: other commands may be reading this folder right now. */
function writeWhole(path, contents) {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

async function buildBundle(root, cache) {
  const { build } = await import('esbuild');
  const started = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Native modules cannot be bundled; the rest load faster bundled than from node_modules (0.35 s
    // against 0.5 s for --help).
    external: ['better-sqlite3', 'keytar'],
    // Bundled dependencies written as CommonJS still call require.
    banner: {
      js: "import { createRequire as requireFrom } from 'node:module'; const require = requireFrom(import.meta.url);",
    },
    tsconfig: 'tsconfig.node.json',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const contents = result.outputFiles[0].contents;
  const name = `cli-${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.mjs`;
  mkdirSync(cache, { recursive: true });
  writeWhole(join(cache, name), contents);
  const inputs = Object.fromEntries(
    [...Object.keys(result.metafile.inputs), 'tsconfig.node.json', BUILDER].map((input) => [
      input,
      stamp(resolve(root, input)),
    ]),
  );
  // A file saved while esbuild read it may be in the bundle as it was before: run this bundle
  // once, but do not keep it for the next command.
  const settled = Object.values(inputs).every((value) => Number(value.split(':')[1]) < started);
  if (settled) {
    writeWhole(join(cache, RECORD), JSON.stringify({ bundle: name, inputs }));
    for (const file of readdirSync(cache)) {
      if (file.startsWith('cli-') && file !== name) rmSync(join(cache, file), { force: true });
    }
  }
  return join(cache, name);
}

/**
 * The bundle's path, built first if a source changed since the last; null where it cannot be built
 * or kept (no esbuild, a read-only checkout), and the caller runs the sources through tsx instead.
 */
export async function cliBundle(root) {
  const cache = join(root, 'node_modules', '.cache', 'pitside-cli');
  try {
    return keptBundle(root, cache) ?? (await buildBundle(root, cache));
  } catch {
    return null;
  }
}
