import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ChunkedOutput } from '../../src/cli/output';

/** A stream that takes one chunk at a time and only when the test lets it. */
function slowStream(highWaterMark: number) {
  const written: string[] = [];
  const pending: (() => void)[] = [];
  let peak = 0;
  const stream = new Writable({
    highWaterMark,
    decodeStrings: false,
    write(chunk: string, _encoding, done) {
      written.push(chunk);
      pending.push(() => done());
    },
  });
  return {
    stream,
    written,
    get peak() {
      return peak;
    },
    measure: () => {
      peak = Math.max(peak, stream.writableLength);
    },
    /** Lets the stream finish every write, now and on each turn of the event loop after. */
    releaseUntil: (finished: Promise<unknown>) => {
      let done = false;
      void finished.finally(() => {
        done = true;
      });
      const release = (): void => {
        while (pending.length > 0) pending.shift()?.();
        if (!done) setImmediate(release);
      };
      release();
    },
  };
}

describe('chunked output', () => {
  it('collects small writes into chunks and writes them in order', async () => {
    const sink = slowStream(1024);
    const output = new ChunkedOutput(sink.stream, 10);
    const piecesWritten = (async () => {
      for (const piece of ['abc', 'def', 'ghij', 'klm', 'n']) await output.write(piece);
      await output.end();
    })();
    sink.releaseUntil(piecesWritten);
    await piecesWritten;
    expect(sink.written.join('')).toBe('abcdefghijklmn');
    expect(sink.written[0]).toBe('abcdefghij');
  });

  it('waits for the stream to drain instead of buffering without bound', async () => {
    const sink = slowStream(16);
    const output = new ChunkedOutput(sink.stream, 8);
    let produced = 0;
    const producer = (async () => {
      for (let index = 0; index < 1000; index += 1) {
        await output.write('12345678');
        produced += 1;
        sink.measure();
      }
      await output.end();
    })();
    // Nothing is released yet: the producer must stop at the stream's high-water mark.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(produced).toBeLessThan(5);
    sink.releaseUntil(producer);
    await producer;
    expect(produced).toBe(1000);
    expect(sink.written.join('').length).toBe(8000);
    expect(sink.peak).toBeLessThanOrEqual(16 + 8);
  });

  it('rejects when the stream fails instead of waiting for a drain that never comes', async () => {
    const stream = new Writable({
      highWaterMark: 4,
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    stream.on('error', () => undefined);
    const output = new ChunkedOutput(stream, 4);
    await expect(
      (async () => {
        for (let index = 0; index < 10; index += 1) await output.write('12345');
        await output.end();
      })(),
    ).rejects.toThrow('EPIPE');
  });
});
