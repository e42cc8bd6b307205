import { fileURLToPath } from 'node:url';
import { startChild, type StartedChild } from './children';

/*
 * The reference service on the `large` data set in a child process, as the sync and share
 * benchmarks run it: rate limit off, clock pinned, so the same events are live in every run and
 * the same work is done.
 */

export const PINNED_NOW = '2026-11-21T12:00:00Z';

const SERVICE_START_TIMEOUT_MS = 120_000;
const LISTENING = /^listening on (\S+)/;
const SERVER_CLI = fileURLToPath(new URL('../src/server/cli.ts', import.meta.url));

/** The engine's clock: the service's pinned instant, moving on at the speed of the real one. */
export function engineClock(): () => Date {
  const pinned = Date.parse(PINNED_NOW);
  const started = performance.now();
  return () => new Date(pinned + (performance.now() - started));
}

/** Starts the service with one viewer key; `url` has no trailing slash. */
export async function startLargeService(
  viewerKey: string,
): Promise<{ child: StartedChild; url: string }> {
  const child = await startChild({
    args: [
      '--import',
      'tsx',
      SERVER_CLI,
      '--port',
      '0',
      '--data',
      'large',
      '--rate-limit',
      'off',
      '--now',
      PINNED_NOW,
    ],
    ready: LISTENING,
    timeoutMs: SERVICE_START_TIMEOUT_MS,
    env: { PITSIDE_SERVER_KEYS: JSON.stringify({ keys: [{ key: viewerKey, role: 'viewer' }] }) },
  });
  const url = child.lines.map((line) => LISTENING.exec(line)?.[1]).find(Boolean);
  if (url === undefined) {
    await child.stop();
    throw new Error('the service did not say where it listens');
  }
  return { child, url: url.replace(/\/$/, '') };
}
