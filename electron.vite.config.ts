import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { resolve } from 'node:path';

/**
 * The built renderer ships with the strict CSP of index.html. Only the dev server relaxes it,
 * because Vite's hot reload needs an inline preamble and a websocket back to itself.
 */
function devServerCsp(): Plugin {
  return {
    name: 'pitside-dev-server-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* http://localhost:*"),
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // A worker thread's program is a file of its own (src/main/analysis/worker-script.ts).
          'analysis-worker': resolve(
            import.meta.dirname,
            'src/main/analysis/worker/analysis-worker.ts',
          ),
          // The venue share answers other laptops on a thread of its own (share-thread.ts).
          'share-worker': resolve(import.meta.dirname, 'src/main/share/worker/share-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require nothing but `electron`: zod goes into the bundle.
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        // A sandboxed preload cannot load ES modules or other files: one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react(), devServerCsp()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; minified, the first paint's JavaScript
      // is a third of the size, and a scout's laptop parses it at every start.
      minify: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
  },
});
