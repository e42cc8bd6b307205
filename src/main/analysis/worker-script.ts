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

/**
 * From the build, the worker is `out/main/`'s analysis-worker.js: beside this code, or one folder
 * up when the bundler put this code in a shared chunk. From source (the tests, the preview and
 * the command line run TypeScript through tsx) it is the .ts file, imported after tsx's loader is
 * registered inside the worker: Node 20 does not carry `--import` loaders into a worker thread.
 */
export function analysisWorkerScript(here: string = import.meta.url): WorkerScript {
  const file = fileURLToPath(here);
  const folder = dirname(file);
  if (file.endsWith('.ts')) {
    // tsx's ESM entry; resolving 'tsx/esm/api' from here would give its CommonJS one.
    const tsx = dirname(createRequire(here).resolve('tsx/package.json'));
    const api = pathToFileURL(join(tsx, 'dist', 'esm', 'api', 'index.mjs')).href;
    const entry = pathToFileURL(join(folder, 'worker', 'analysis-worker.ts')).href;
    return {
      script: `import(${JSON.stringify(api)}).then(({ register }) => {
        register();
        return import(${JSON.stringify(entry)});
      });`,
      eval: true,
    };
  }
  const candidates = [join(folder, BUILT_WORKER), join(folder, '..', BUILT_WORKER)];
  const path = candidates.find((candidate) => existsSync(candidate));
  if (path === undefined) throw new Error(`the analysis worker is missing (${candidates[0]})`);
  return { script: path, eval: false };
}
