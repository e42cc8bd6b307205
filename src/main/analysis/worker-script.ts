import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How to start the analysis worker from where this code runs: a file, or code to evaluate. */
export interface WorkerScript {
  script: string;
  eval: boolean;
}

/** The built worker's file name: a second input of electron-vite's main build. */
export const BUILT_WORKER = 'analysis-worker.js';

/** Where a worker's program is: the built file's name, and the source file's path from `here`. */
export interface WorkerEntry {
  /** What the worker is, in the message when it is missing: `analysis worker`. */
  name: string;
  built: string;
  source: string;
}

/**
 * From the build, a worker is a file in `out/main/`: beside this code, or one folder up when the
 * bundler put this code in a shared chunk. From source (the tests, the preview and the command
 * line run TypeScript through tsx) it is the .ts file, imported after tsx's loader is registered
 * inside the worker: Node 20 does not carry `--import` loaders into a worker thread.
 */
export function locateWorker(entry: WorkerEntry, here: string): WorkerScript {
  const file = fileURLToPath(here);
  const folder = dirname(file);
  if (file.endsWith('.ts')) {
    // tsx's ESM entry; resolving 'tsx/esm/api' from here would give its CommonJS one.
    const tsx = dirname(createRequire(here).resolve('tsx/package.json'));
    const api = pathToFileURL(join(tsx, 'dist', 'esm', 'api', 'index.mjs')).href;
    const source = pathToFileURL(join(folder, entry.source)).href;
    return {
      script: `import(${JSON.stringify(api)}).then(({ register }) => {
        register();
        return import(${JSON.stringify(source)});
      });`,
      eval: true,
    };
  }
  const candidates = [join(folder, entry.built), join(folder, '..', entry.built)];
  const path = candidates.find((candidate) => existsSync(candidate));
  if (path === undefined) throw new Error(`the ${entry.name} is missing (${candidates[0]})`);
  return { script: path, eval: false };
}

/** The analysis worker, as `locateWorker` finds it from here. */
export function analysisWorkerScript(here: string = import.meta.url): WorkerScript {
  return locateWorker(
    { name: 'analysis worker', built: BUILT_WORKER, source: 'worker/analysis-worker.ts' },
    here,
  );
}
