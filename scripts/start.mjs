#!/usr/bin/env node
// `npm start`: make sure Electron is there, build the app and an Electron build of SQLite, launch.
// Until the app runs, everything said here (and by the build) goes to stderr: stdout belongs to
// the app alone.
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildElectronNative } from './build-electron-native.mjs';
import { electronBinary, electronVersion, installElectronBinary } from './electron-runtime.mjs';

const root = resolve(import.meta.dirname, '..');

function fail(lines) {
  console.error(['', ...lines, ''].join('\n'));
  process.exit(1);
}

let binary = electronBinary();
if (binary === null) {
  console.error(`Fetching the Electron ${electronVersion} runtime (once)…`);
  binary = installElectronBinary() ? electronBinary() : null;
}
if (binary === null) {
  fail([
    `Pitside cannot start here: the Electron ${electronVersion} runtime is not installed and could`,
    'not be downloaded (this machine has no access to where Electron publishes its binaries).',
    'On a machine with normal internet access, `npm start` fetches it once by itself.',
    'To try Pitside here, in your browser: `npm run preview -- --demo` (its first line names the',
    'address to open). `npm test` runs the whole suite, `npm run server` the reference service.',
  ]);
}

// Built once the runtime is known to be there: where it cannot start, the answer comes at once.
const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'],
  { cwd: root, stdio: ['inherit', process.stderr.fd, 'inherit'] },
);
if (build.status !== 0) fail(['Pitside could not be built (see the errors above).']);

const native = buildElectronNative();
if (!native.ok) {
  fail([
    'Pitside cannot start: SQLite is compiled for Node here and Electron needs its own build.',
    native.reason,
    'Run `npm run native:electron` on a machine with internet access to fetch it.',
  ]);
}

const app = spawn(binary, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
app.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
