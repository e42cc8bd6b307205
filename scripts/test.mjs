#!/usr/bin/env node
// The whole test suite in one command: type check, lint, formatting, build, unit and integration
// tests (vitest), end-to-end tests (Playwright). On Linux it first moves into a private D-Bus
// session with a throw-away, unlocked gnome-keyring (keyring-session.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { onPath, withKeyringSession } from './keyring-session.mjs';
import { countPlaywright, countVitest } from './test-reports.mjs';
import {
  CALENDAR_SUITES,
  FAKETIME_PACKAGE,
  HAS_FAKETIME,
  movedDate,
  NPM_TEST_DATE,
  withMovedClock,
} from './moved-clock.mjs';

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

/**
 * The calendar's suites at `NPM_TEST_DATE`, under faketime; without faketime the stage is
 * skipped, says why, and counts as one test skipped.
 */
async function runMovedDate(vitest, report) {
  const date = movedDate(NPM_TEST_DATE);
  const label = `unit and integration tests ${date.about} (the calendar's suites)`;
  if (!HAS_FAKETIME) {
    console.log(
      `\n[test] ── ${label}: skipped, faketime is not installed (sudo apt-get install ${FAKETIME_PACKAGE})`,
    );
    return { ok: true, report: null };
  }
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const moved = withMovedClock(date, vitest, [...args, ...CALENDAR_SUITES]);
  const ok = await run(label, moved.command, moved.args, moved.env);
  return { ok, report };
}

async function main() {
  withKeyringSession();

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
  // The suites that read the calendar again, at another date: a test that passes only today
  // fails here (`npm run test:dates` runs them all at every date).
  const moved = await runMovedDate(bin('vitest'), `${results}/vitest-moved.json`);
  // The checks go on beside the browser tests too, if they have not ended yet.
  // The renderer was built as the first stage: Playwright's own set-up need not build it again.
  const endToEnd = await run('end-to-end tests', bin('playwright'), ['test'], {
    PITSIDE_BUILT: build ? '1' : '',
  });
  const checks = await staticChecks.report();
  const stages = [...checks, build, unit, moved.ok, endToEnd];

  const counts = [
    countVitest(`${results}/vitest.json`),
    moved.report === null ? { passed: 0, failed: 0, skipped: 1 } : countVitest(moved.report),
    countPlaywright(`${results}/e2e.json`),
  ];
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
