import { afterAll, beforeAll, expect, it } from 'vitest';
import { ServiceSilent } from '../../../src/main/api/request';
import { startSilentService } from '../../harness/silent-service';
import { failure, recordingClient } from './recording-client';

/*
 * The least silence that makes a service unreachable, however short the timeout: a real socket
 * that never answers, a timeout of a quarter second, and a clock of the test's own, so 20 s of
 * silence pass without being waited for.
 */

const FLOOR_MS = 20_000;
let service: Awaited<ReturnType<typeof startSilentService>>;

beforeAll(async () => {
  service = await startSilentService();
});
afterAll(() => service.close());

it('takes three timeouts as silence only once 20 s passed with no answer, not twice a short timeout', async () => {
  let clock = Date.parse('2026-11-21T12:00:00Z');
  const { client } = recordingClient(service.url, 'viewer-key', {
    timeoutMs: 250,
    maxAttempts: 1,
    now: () => clock,
  });
  const read = () => failure(client.getEvent('2026silentevent'));

  // Three timeouts, far more than twice the timeout apart, but short of the floor: still asked.
  for (let timeout = 0; timeout < 3; timeout += 1) {
    clock += 6_000;
    expect((await read()).code).toBe('timeout');
  }
  clock += FLOOR_MS - 18_000 - 1;
  const stillAsked = await read();
  expect(stillAsked).not.toBeInstanceOf(ServiceSilent);
  expect(stillAsked.code).toBe('timeout');

  // The floor reached: given up at once.
  clock += 1;
  const gone = await read();
  expect(gone).toBeInstanceOf(ServiceSilent);
  expect(gone.message).toMatch(/answered none of the last 4 requests, for 20 s/);
});
