import { ApiError } from './errors';

const MiB = 1024 * 1024;

export function tooLarge(limit: number): ApiError {
  return new ApiError(
    'too_large',
    `The service's answer was larger than ${formatSize(limit)}, the most Pitside reads in one answer; it stopped reading there and did not ask again. A proxy or the service is misbehaving.`,
  );
}

/**
 * Reads a body as text, never holding more than `limit` bytes of it: an announced length above
 * the limit is refused before the first byte, and a streamed body is cut off at the byte that
 * goes over. Cutting it off cancels the stream, which in Node's fetch aborts the request and
 * closes the connection, so the rest is never downloaded either.
 */
export async function readCappedBody(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) {
    void response.body?.cancel().catch(ignore);
    throw tooLarge(limit);
  }
  if (response.body === null) return '';
  // Fetch bodies are bytes; Node's typings leave the chunk type open.
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  // Decoded as the bytes come, so that only text is kept; `stream: true` holds back a character
  // split between two chunks until its last byte is there.
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > limit) {
      // Not awaited: the caller also aborts the request, whatever fetch the app was given.
      void reader.cancel().catch(ignore);
      throw tooLarge(limit);
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}

function ignore(): void {
  // A stream that errored on its own needs no canceling.
}

function formatSize(bytes: number): string {
  return bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`;
}
