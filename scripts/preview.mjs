#!/usr/bin/env node
// `npm run preview`: build the app, then serve it in a browser with main's real services behind
// it (src/preview). Everything the build says goes to stderr: stdout belongs to the preview, whose
// first line names its address.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'],
  { cwd: root, stdio: ['inherit', process.stderr.fd, 'inherit'] },
);
if (build.status !== 0) {
  console.error('\nThe preview could not be built (see the errors above).\n');
  process.exit(1);
}

const preview = spawn(
  process.execPath,
  [
    join(root, 'node_modules/tsx/dist/cli.mjs'),
    join(root, 'src/preview/cli.ts'),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
preview.on('exit', (code, signal) => {
  process.exit(code ?? (signal === null ? 1 : 128 + constants.signals[signal]));
});
// The preview closes its data cleanly on either signal; it has to hear it to do so.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => preview.kill(signal));
