import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, HttpError, JSON_CONTENT_TYPE } from './errors';

interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
}

interface Refusal {
  /** The whole HTTP answer, status line to body. */
  bytes: string;
  /** The request the refusal is about, when Node had already begun it (a body that broke off). */
  culprit: Exchange | undefined;
  /** Closes the connection if the answers owed before the refusal never finish. */
  deadline: NodeJS.Timeout;
}

function rawAnswer(error: HttpError): string {
  const body = errorBody(error.code, error.message);
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
    `Content-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Connection: close\r\n\r\n${body}`
  );
}

/**
 * Answers for what Node's HTTP server never hands to Fastify: requests its parser rejects
 * ('clientError', the request timeout included) and CONNECT, which it passes on as a bare socket.
 *
 * Node raises these while answers to requests pipelined before them may still be unwritten (its own
 * default writes at once and destroys the socket, which drops those answers). So each refusal waits
 * until every answer owed before it has been written, then goes out last and closes the connection.
 */
export class ConnectionAnswers {
  private readonly inFlight = new WeakMap<Duplex, Set<Exchange>>();
  private readonly refusals = new WeakMap<Duplex, Refusal | 'written'>();

  constructor(private readonly requestTimeoutMs: number) {}

  /** Follows the requests of every connection, and refuses CONNECT. */
  install(server: Server): void {
    // Ahead of Fastify's listener, so a request is followed before anything can answer it.
    server.prependListener('request', (request, response) => this.follow(request, response));
    server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
      // Node has taken its own error listener off a socket it hands over; a reset must not crash.
      socket.on('error', () => socket.destroy());
      this.refuse(socket, new HttpError('not_found', 'Nothing is here: this service is no proxy.'));
    });
  }

  /** Fastify's `clientErrorHandler`: the parser's errors, in the service's error shape. */
  readonly onClientError = (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    if (!socket.destroyed) this.refuse(socket, this.clientErrorAnswer(error.code));
  };

  private clientErrorAnswer(code: string | undefined): HttpError {
    switch (code) {
      case 'ERR_HTTP_REQUEST_TIMEOUT':
        return new HttpError(
          'request_timeout',
          `The request did not arrive within ${this.requestTimeoutMs / 1000} s.`,
        );
      case 'HPE_HEADER_OVERFLOW':
        return new HttpError('headers_too_large', 'The request line and headers are too large.');
      case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
        return new HttpError('payload_too_large', 'The chunk extensions are too large.');
      default:
        return new HttpError('invalid_request', 'The request is malformed.');
    }
  }

  private follow(request: IncomingMessage, response: ServerResponse): void {
    const { socket } = request;
    let exchanges = this.inFlight.get(socket);
    if (exchanges === undefined) {
      exchanges = new Set();
      this.inFlight.set(socket, exchanges);
    }
    const exchange = { request, response };
    exchanges.add(exchange);
    const done = (): void => {
      exchanges.delete(exchange);
      this.settle(socket);
    };
    response.once('finish', done);
    response.once('close', done);
  }

  private refuse(socket: Duplex, error: HttpError): void {
    // A parser that failed reports every later chunk again; the first refusal stands.
    if (this.refusals.has(socket)) return;
    const exchanges = this.inFlight.get(socket) ?? new Set<Exchange>();
    const culprit = [...exchanges].find((exchange) => !exchange.request.complete);
    const deadline = setTimeout(() => socket.destroy(), this.requestTimeoutMs).unref();
    this.refusals.set(socket, { bytes: rawAnswer(error), culprit, deadline });
    this.settle(socket);
  }

  private settle(socket: Duplex): void {
    const refusal = this.refusals.get(socket);
    if (refusal === undefined || refusal === 'written') return;
    const exchanges = this.inFlight.get(socket) ?? new Set<Exchange>();
    const owed = [...exchanges].some(
      (exchange) => exchange !== refusal.culprit || exchange.response.headersSent,
    );
    if (owed) return;
    clearTimeout(refusal.deadline);
    this.refusals.set(socket, 'written');
    // A request Fastify has already answered (say, 401 before its body came) gets no second answer.
    if (refusal.culprit?.response.headersSent === true || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(refusal.bytes, () => socket.destroy());
  }
}
