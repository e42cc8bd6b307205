import { connect } from 'node:net';
import type { Reply } from './http';

/**
 * What one TCP connection to the service brought back: every HTTP answer on it, in order, and
 * whether the service closed the connection (rather than the exchange giving up waiting).
 */
export interface RawExchange {
  answers: Reply[];
  closedByService: boolean;
  /** Everything received, for failure messages. */
  raw: string;
}

export interface RawOptions {
  /** Gives up (and reports `closedByService: false`) after this long; default 3 s. */
  waitMs?: number;
  /** After the payload, keeps sending one more byte of this text every `trickleEveryMs`. */
  trickle?: string;
  trickleEveryMs?: number;
}

function headerBlockEnd(bytes: Buffer, from: number): number {
  return bytes.indexOf('\r\n\r\n', from, 'latin1');
}

function toReply(status: number, headers: Headers, bodyBytes: Buffer): Reply {
  const text = bodyBytes.toString('utf8');
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, headers, text, body };
}

/** Undoes chunked transfer coding; `undefined` when the chunks are not all there. */
function dechunk(bytes: Buffer, from: number): { body: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(bytes.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) return undefined;
    const dataStart = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = headerBlockEnd(bytes, lineEnd);
      return trailerEnd < 0 ? undefined : { body: Buffer.concat(parts), end: trailerEnd + 4 };
    }
    if (bytes.length < dataStart + size + 2) return undefined;
    parts.push(bytes.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

/**
 * Splits what a connection received into HTTP answers (Content-Length or chunked bodies). Bytes that
 * do not form a whole answer end the list; they show in `raw`.
 */
export function parseAnswers(bytes: Buffer): Reply[] {
  const answers: Reply[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = headerBlockEnd(bytes, at);
    if (headEnd < 0) break;
    const [statusLine = '', ...fieldLines] = bytes.toString('latin1', at, headEnd).split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (status === null) break;
    const headers = new Headers();
    for (const line of fieldLines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    }
    const bodyStart = headEnd + 4;
    if (/\bchunked\b/i.test(headers.get('transfer-encoding') ?? '')) {
      const chunked = dechunk(bytes, bodyStart);
      if (chunked === undefined) break;
      answers.push(toReply(Number(status[1]), headers, chunked.body));
      at = chunked.end;
      continue;
    }
    const length = Number(headers.get('content-length') ?? '0');
    if (bytes.length < bodyStart + length) break;
    answers.push(
      toReply(Number(status[1]), headers, bytes.subarray(bodyStart, bodyStart + length)),
    );
    at = bodyStart + length;
  }
  return answers;
}

/**
 * Sends bytes to the service exactly as given, bypassing every HTTP client's own checks, and
 * collects what comes back until the service closes the connection or `waitMs` passes.
 */
export function rawExchange(
  serviceUrl: string,
  payload: string | Buffer,
  { waitMs = 3_000, trickle, trickleEveryMs = 100 }: RawOptions = {},
): Promise<RawExchange> {
  const url = new URL(serviceUrl);
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname);
    let trickled = 0;
    const trickler =
      trickle === undefined
        ? undefined
        : setInterval(() => {
            if (trickled < trickle.length && socket.writable) {
              socket.write(trickle[trickled] ?? '');
              trickled += 1;
            }
          }, trickleEveryMs);
    const finish = (closedByService: boolean): void => {
      clearTimeout(giveUp);
      clearInterval(trickler);
      socket.destroy();
      const bytes = Buffer.concat(received);
      resolve({ answers: parseAnswers(bytes), closedByService, raw: bytes.toString('latin1') });
    };
    const giveUp = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // A reset after the answer arrived still counts as the service ending the connection.
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.write(payload);
  });
}
