#!/usr/bin/env node
// The unit and integration tests (vitest) at every moved date of moved-clock.mjs, one after
// another, each with its own report in test-results/dates/. `npm run test:dates` runs them all;
// `npm run test:dates -- leap dst` runs those named; anything after `--` goes to vitest (a file
// to run alone, say). Ends with one line per date and exits 1 if any failed.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { withKeyringSession } from './keyring-session.mjs';
import { countVitest } from './test-reports.mjs';
import {
  FAKETIME_PACKAGE,
  HAS_FAKETIME,
  MOVED_DATES,
  movedDate,
  withMovedClock,
} from './moved-clock.mjs';

function exitCodeOf(command, args, env) {
  return new Promise((done) => {
    spawn(command, args, { stdio: 'inherit', env }).on('close', (status) => done(status ?? 1));
  });
}

async function main() {
  if (!HAS_FAKETIME) {
    console.error(
      `[test:dates] faketime moves the tests' clock and is not installed.\n` +
        `             On Debian or Ubuntu: sudo apt-get install ${FAKETIME_PACKAGE}`,
    );
    process.exit(1);
  }
  withKeyringSession();
  const separator = process.argv.indexOf('--');
  const named = process.argv.slice(2, separator === -1 ? undefined : separator);
  const vitestArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
  const dates = named.length === 0 ? MOVED_DATES : named.map(movedDate);

  const bin = (name) => join('node_modules', '.bin', name);
  // Some suites read the built renderer (the preview, the diagnostics); `npm test` builds first too.
  if (
    (await exitCodeOf(bin('electron-vite'), ['build', '--logLevel', 'warn'], process.env)) !== 0
  ) {
    process.exit(1);
  }
  const folder = join('test-results', 'dates');
  mkdirSync(folder, { recursive: true });
  const lines = [];
  let failed = false;
  for (const date of dates) {
    const report = join(folder, `${date.name}.json`);
    const moved = withMovedClock(date, bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...vitestArgs,
    ]);
    console.log(`\n[test:dates] ── ${date.about}: ${moved.args.slice(0, 2).join(' ')}`);
    const started = Date.now();
    const status = await exitCodeOf(moved.command, moved.args, moved.env);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const tally = countVitest(report);
    if (status !== 0 || tally === null || tally.failed > 0) failed = true;
    lines.push(
      tally === null
        ? `${date.name} (${date.about}): no report, exit ${status}`
        : `${date.name} (${date.about}): ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped in ${seconds} s`,
    );
  }
  console.log(`\n[test:dates] ${lines.join('\n[test:dates] ')}`);
  process.exit(failed ? 1 : 0);
}

await main();
