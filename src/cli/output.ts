import { once } from 'node:events';
import type { Writable } from 'node:stream';

const DEFAULT_CHUNK_CHARS = 64 * 1024;

/**
 * Collects small pieces of text into chunks and writes each chunk to a stream, waiting for the
 * stream to drain when it asks to. A slow reader (a pipe into `less`, a network share) then holds
 * the producer back instead of letting a large export pile up in memory.
 */
export class ChunkedOutput {
  private pieces: string[] = [];
  private length = 0;

  constructor(
    private readonly stream: Writable,
    private readonly chunkChars = DEFAULT_CHUNK_CHARS,
  ) {}

  async write(text: string): Promise<void> {
    this.pieces.push(text);
    this.length += text.length;
    if (this.length >= this.chunkChars) await this.flush();
  }

  /** Writes what is collected and resolves once the stream has taken all of it. */
  async end(): Promise<void> {
    await this.flush();
    // The last write's callback comes after every earlier write was handed on, so exiting after
    // this cannot cut the output short on platforms where pipe writes are asynchronous.
    await new Promise<void>((resolve, reject) =>
      this.stream.write('', (error) => (error ? reject(error) : resolve())),
    );
  }

  private async flush(): Promise<void> {
    if (this.length === 0) return;
    const chunk = this.pieces.join('');
    this.pieces = [];
    this.length = 0;
    // `once` rejects on 'error' too, so a reader that went away (EPIPE) ends the wait.
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }
}

/** Writes one line and resolves once the stream has taken it, so an exit right after loses nothing. */
export function writeLine(stream: Writable, line: string): Promise<void> {
  return new Promise((resolve, reject) =>
    stream.write(`${line}\n`, (error) => (error ? reject(error) : resolve())),
  );
}
