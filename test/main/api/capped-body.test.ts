import { describe, expect, it } from 'vitest';
import { readCappedBody } from '../../../src/main/api/capped-body';
import { ApiError } from '../../../src/main/api/errors';

/** A body that arrives in exactly these chunks, as a network may cut it. */
function chunked(chunks: Uint8Array[], headers: Record<string, string> = {}): Response {
  const queue = [...chunks];
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = queue.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(next);
      },
    }),
    { headers },
  );
}

describe('reading a body under a cap', () => {
  it('keeps a character whose bytes arrive in two chunks', async () => {
    const bytes = new TextEncoder().encode('{"city":"Zürich 🤖"}');
    const cuts = [10, 11, 17, 18, 19];
    const chunks = [0, ...cuts].map((start, index) => bytes.slice(start, cuts[index]));
    expect(await readCappedBody(chunked(chunks), 1_000)).toBe('{"city":"Zürich 🤖"}');
  });

  it('reads a body of exactly the cap and refuses one byte more', async () => {
    const full = new Uint8Array(100).fill(0x61);
    expect(await readCappedBody(chunked([full.slice(0, 60), full.slice(60)]), 100)).toHaveLength(
      100,
    );
    const over = readCappedBody(
      chunked([full.slice(0, 60), full.slice(60), full.slice(0, 1)]),
      100,
    );
    await expect(over).rejects.toMatchObject({ code: 'too_large' });
    await expect(over).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses an announced length above the cap without reading a byte', async () => {
    let pulls = 0;
    const response = new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulls += 1;
          controller.enqueue(new Uint8Array(10));
        },
      }),
      { headers: { 'content-length': '101' } },
    );
    await expect(readCappedBody(response, 100)).rejects.toMatchObject({ code: 'too_large' });
    // A stream pulls once to fill its queue when it is made; the reader asked for nothing more.
    expect(pulls).toBeLessThanOrEqual(1);
  });
});
