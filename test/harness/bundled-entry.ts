import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildSync } from 'esbuild';
import { BUILT_WORKER } from '../../src/main/analysis/worker-script';
import { BUILT_SHARE_WORKER } from '../../src/main/share/share-thread';

const bundles = new Map<string, string>();

/**
 * A program of the project (a path from the repository root, such as `src/cli/main.ts`) bundled
 * once per test process with esbuild, so that each start costs a plain `node` start (about 1 s
 * here) rather than tsx compiling it again (5 s and more on a busy machine): the suites start
 * these programs dozens of times. The bundle lives under the project's node_modules, so the
 * native modules left outside (as electron-vite leaves them) resolve as they do from src.
 */
export function bundledEntry(entry: string): string {
  const known = bundles.get(entry);
  if (known !== undefined) return known;
  // One directory per worker, written over by each test file: never more of them than workers.
  const worker = process.env.VITEST_POOL_ID ?? String(process.pid);
  const dir = join(process.cwd(), 'node_modules', '.cache', 'pitside-test-bundles', worker);
  mkdirSync(dir, { recursive: true });
  // src/preview/cli.ts becomes preview-cli.mjs, test/harness/sync-child.ts test-harness-sync-child.mjs.
  const name = entry
    .replace(/^src[\\/]/, '')
    .replace(/\.ts$/, '')
    .replaceAll(/[\\/]/g, '-');
  const outfile = join(dir, `${name}.mjs`);
  writeBundle(entry, outfile);
  // The workers are found beside the code that starts them, as electron-vite builds them.
  writeBundle(ANALYSIS_WORKER, join(dir, BUILT_WORKER));
  writeBundle(SHARE_WORKER, join(dir, BUILT_SHARE_WORKER));
  bundles.set(entry, outfile);
  return outfile;
}

const ANALYSIS_WORKER = 'src/main/analysis/worker/analysis-worker.ts';
const SHARE_WORKER = 'src/main/share/worker/share-worker.ts';

function writeBundle(entry: string, outfile: string): void {
  const built = buildSync({
    entryPoints: [join(process.cwd(), entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'keytar', 'esbuild'],
    // Bundled dependencies written as CommonJS still call require.
    banner: {
      js: "import { createRequire as requireFrom } from 'node:module'; const require = requireFrom(import.meta.url);",
    },
    // The program's files that ask for their directory (the preview, for its built renderer, its
    // browser bridge and package.json) all sit beside the entry: they get that one, not the bundle's.
    define: { 'import.meta.dirname': JSON.stringify(dirname(join(process.cwd(), entry))) },
    logLevel: 'error',
    write: false,
  });
  // Written beside it and renamed over it: a program still starting from the old bundle (or one
  // that shares its file, as hard-linked copies of node_modules do) never reads half of the new one.
  const staged = `${outfile}.${process.pid}.tmp`;
  writeFileSync(staged, built.outputFiles[0]!.contents);
  renameSync(staged, outfile);
}
