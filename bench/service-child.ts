import { fileURLToPath } from 'node:url';
import type { DataSize } from '../src/server/config';
import { startChild, type StartedChild } from './children';

/*
 * The reference service in a child process, as the benchmarks run it: its clock pinned, so the
 * same events are live in every run and the same work is done, with one viewer key.
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

export interface ServiceChildOptions {
  data: DataSize;
  viewerKey: string;
  /** `false`: no rate limit (the sync and share benchmarks); the default limit otherwise. */
  rateLimited: boolean;
}

/** Starts the service; `url` has no trailing slash. */
export async function startServiceChild({
  data,
  viewerKey,
  rateLimited,
}: ServiceChildOptions): Promise<{ child: StartedChild; url: string }> {
  const child = await startChild({
    args: [
      '--import',
      'tsx',
      SERVER_CLI,
      '--port',
      '0',
      '--data',
      data,
      ...(rateLimited ? [] : ['--rate-limit', 'off']),
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

/** The `large` data set without a rate limit: what the sync and share benchmarks read. */
export function startLargeService(
  viewerKey: string,
): Promise<{ child: StartedChild; url: string }> {
  return startServiceChild({ data: 'large', viewerKey, rateLimited: false });
}
