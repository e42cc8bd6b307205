#!/usr/bin/env node
// The whole test suite in one command: type check, lint, formatting, build, unit and integration
// tests (vitest), end-to-end tests (Playwright). On Linux it first moves into a private D-Bus
// session with a throw-away, unlocked gnome-keyring, so keychain tests use a real Secret Service
// without touching the user's own keyring.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSIDE_SESSION = 'PITSIDE_TEST_SESSION';
const KEYRING_PACKAGES = 'dbus dbus-x11 gnome-keyring libsecret-tools';

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function enterKeyringSession() {
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((tool) => !onPath(tool));
  if (missing.length > 0) {
    if (process.env.DBUS_SESSION_BUS_ADDRESS) {
      console.warn(`[test] ${missing.join(', ')} not found: using the desktop session's keyring.`);
      return null;
    }
    console.error(
      `[test] The keychain tests need a Secret Service, and ${missing.join(' and ')} is missing.\n` +
        `       On Debian or Ubuntu: sudo apt-get install ${KEYRING_PACKAGES}`,
    );
    process.exit(1);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'pitside-keyring-'));
  const runtime = join(scratch, 'run');
  mkdirSync(join(scratch, 'data'));
  mkdirSync(runtime, { mode: 0o700 });
  const result = spawnSync('dbus-run-session', ['--', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      [INSIDE_SESSION]: '1',
      XDG_DATA_HOME: join(scratch, 'data'),
      XDG_RUNTIME_DIR: runtime,
    },
  });
  rmSync(scratch, { recursive: true, force: true });
  return result.status ?? 1;
}

function unlockKeyring() {
  // --unlock reads the new keyring's password from stdin and creates the login collection.
  const daemon = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'pitside-test-keyring',
    encoding: 'utf8',
  });
  for (const line of (daemon.stdout ?? '').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) process.env[match[1]] = match[2];
  }
  if (daemon.status !== 0) {
    console.error(`[test] gnome-keyring-daemon failed to start: ${daemon.stderr}`);
    process.exit(1);
  }
}

/** One stage with the terminal to itself; it does not block the loop, so stages started beside it go on. */
function run(label, command, args, env = {}) {
  console.log(`\n[test] ── ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((done) => {
    spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).on(
      'close',
      (status) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const ok = status === 0;
        console.log(`[test] ── ${label}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds} s`);
        done(ok);
      },
    );
  });
}

/**
 * Starts independent stages side by side (the static checks share no state), each one's output
 * held so the logs do not interleave: `report` prints them, in order, and resolves with each
 * stage's success. `lowPriority` runs them under `nice` where there is one, so that they take
 * mostly the CPU the stages running meanwhile leave idle (the integration tests mostly wait on
 * sockets and timers, and must not be slowed into timeouts). At nice 19 the type check got so
 * little that it ended alone, on one core, 30-36 s after the last test; at nice 10 it ends before
 * the browser tests do (whole run 628 s against 628-657 s at 19, one run against two).
 */
function startTogether(stages, { lowPriority = false } = {}) {
  const niced = lowPriority && process.platform !== 'win32' && onPath('nice');
  const ended = stages.map(
    ([label, command, args]) =>
      new Promise((done) => {
        const started = Date.now();
        const [program, ...rest] = niced
          ? ['nice', '-n', '10', command, ...args]
          : [command, ...args];
        const child = spawn(program, rest, { env: process.env });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (status) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          done({
            label,
            line: [command, ...args].join(' '),
            output,
            ok: status === 0,
            status,
            seconds,
          });
        });
      }),
  );
  return {
    report: async () => {
      const results = await Promise.all(ended);
      for (const { label, line, output, ok, status, seconds } of results) {
        console.log(`\n[test] ── ${label}: ${line}`);
        process.stdout.write(Buffer.concat(output));
        console.log(
          `[test] ── ${label}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds} s (beside the tests)`,
        );
      }
      return results.map((result) => result.ok);
    },
  };
}

function countVitest(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    skipped: stats?.skipped ?? 0,
  };
}

async function main() {
  if (process.platform === 'linux' && process.env[INSIDE_SESSION] !== '1') {
    const status = enterKeyringSession();
    if (status !== null) process.exit(status);
  } else if (process.platform === 'linux') {
    unlockKeyring();
  }

  const results = 'test-results';
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });
  const bin = (name) => join('node_modules', '.bin', name);

  const build = await run('build', bin('electron-vite'), ['build', '--logLevel', 'warn']);
  // The static checks take about 200 CPU-s (type check and lint 161, formatting 38). The tests
  // leave a core idle only now and then, so the checks run niced in those gaps and end last.
  const staticChecks = startTogether(
    [
      // One process over one set of programs (see check-code.mjs): apart, the lint built the
      // type check's programs again, and in two halves, more again.
      ['type check and lint', process.execPath, ['scripts/check-code.mjs']],
      ['formatting', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
    ],
    { lowPriority: true },
  );
  const unit = await run('unit and integration tests', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/vitest.json`,
  ]);
  // The checks go on beside the browser tests too, if they have not ended yet.
  // The renderer was built as the first stage: Playwright's own set-up need not build it again.
  const endToEnd = await run('end-to-end tests', bin('playwright'), ['test'], {
    PITSIDE_BUILT: build ? '1' : '',
  });
  const checks = await staticChecks.report();
  const stages = [...checks, build, unit, endToEnd];

  const counts = [countVitest(`${results}/vitest.json`), countPlaywright(`${results}/e2e.json`)];
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const count of counts) {
    if (count === null)
      total.failed += 1; // a runner that wrote no report did not run its tests
    else for (const key of Object.keys(total)) total[key] += count[key];
  }
  const failedStages = stages.filter((ok) => !ok).length;
  console.log(`\n[test] ${failedStages} of ${stages.length} stages failed`);
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(failedStages === 0 && total.failed === 0 ? 0 : 1);
}

await main();
