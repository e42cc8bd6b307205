import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, summaryOf } from './run-cli';

/** A service that accepts every request and never answers: a run stays in its first request. */
let hanging: Server;
let url: string;
const sockets = new Set<Socket>();
let root: string;

beforeAll(async () => {
  hanging = createServer(() => undefined);
  hanging.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((ready) => hanging.listen(0, '127.0.0.1', ready));
  url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-cancel-'));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((closed) => hanging.close(closed));
  rmSync(root, { recursive: true, force: true });
});

describe('a signal during a sync', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s cancels the run, prints its summary and exits %i', async (signal, code) => {
    const running = startCli(['sync', '--service', url, '--data-dir', join(root, signal)], {
      PITSIDE_API_KEY: 'some-key',
    });
    // The events list is the run's first request; the hanging service holds it there.
    await running.stderrLine(/^pitside sync: lists 0\/2$/);
    running.child.kill(signal);
    const run = await running.finished;
    expect(run.code).toBe(code);
    expect(summaryOf(run)).toMatchObject({ outcome: 'canceled', problem: null });
    expect(run.stderr).toContain(`pitside sync: ${signal}: canceling`);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      'pitside sync: canceled; what was committed before is kept',
    );
  });
});
