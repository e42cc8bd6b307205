import {
  createServer,
  request as forward,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does to one request instead of (or on top of) passing it through. */
export type Fault =
  | { kind: 'drop' }
  | { kind: 'reset-mid-body' }
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  | { kind: 'rate-limit'; retryAfter: string }
  | { kind: 'delay'; ms: number }
  | { kind: 'captive-portal' }
  | { kind: 'truncate' }
  | { kind: 'rewrite'; transform: (json: unknown) => unknown }
  | { kind: 'redirect'; location: string }
  /**
   * Runs `action` before the request is passed on unchanged, and holds the request until it is
   * done: the service changing between two page requests, or the app cancelling at a chosen point.
   */
  | { kind: 'hook'; action: (request: RecordedRequest) => Promise<void> | void }
  /**
   * The service gets the request and commits, then its answer is lost on the way back: the
   * connection resets, a 500 comes instead, or the answer comes after `ms` (past a client's
   * timeout).
   */
  | { kind: 'after-commit'; then: 'reset' | 'server-error' | { delayMs: number } }
  /** The request reaches the service twice (a retransmission); the second answer comes back. */
  | { kind: 'duplicate' }
  /**
   * The request is held, `arrived` told, until `until` resolves; then the connection drops and the
   * service never sees it: a client kept inside a request for as long as a test needs.
   */
  | { kind: 'hold'; arrived: () => void; until: Promise<void> };

export interface FaultRule {
  fault: Fault;
  /** Which requests it applies to; all when absent. */
  match?: (request: RecordedRequest) => boolean;
  /** How many matching requests it applies to before it is used up; unlimited when absent. */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  fault: Fault['kind'] | null;
  /** When the request arrived (`performance.now()`), to measure waits between attempts. */
  at: number;
}

export interface FaultProxy {
  url: string;
  requests: RecordedRequest[];
  /** Adds rules; the first live matching rule of the plan applies. */
  plan(...rules: FaultRule[]): void;
  clear(): void;
  close(): Promise<void>;
}

const CAPTIVE_PORTAL_PAGE =
  '<!doctype html><html><head><title>Venue Wi-Fi</title></head><body><form>Accept the terms to continue</form></body></html>';

/**
 * A loopback HTTP proxy in front of the real service that misbehaves on request: the network a
 * scout's laptop actually sees at a venue. Used by the API client and sync tests.
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  let rules: (FaultRule & { used: number })[] = [];

  function pickFault(recorded: RecordedRequest): Fault | null {
    const rule = rules.find(
      (candidate) =>
        (candidate.times === undefined || candidate.used < candidate.times) &&
        (candidate.match?.(recorded) ?? true),
    );
    if (rule === undefined) return null;
    rule.used += 1;
    return rule.fault;
  }

  const server = createServer((incoming, outgoing) => {
    const recorded: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      headers: incoming.headers,
      fault: null,
      at: performance.now(),
    };
    const fault = pickFault(recorded);
    recorded.fault = fault?.kind ?? null;
    requests.push(recorded);
    // The client may be gone before the service answers (it timed out, or was canceled): the
    // forwarding then fails, and that is the client's business, not an error of the proxy.
    apply(fault, recorded, incoming, outgoing).catch(() => outgoing.destroy());
  });

  async function apply(
    fault: Fault | null,
    recorded: RecordedRequest,
    incoming: IncomingMessage,
    outgoing: ServerResponse,
  ) {
    switch (fault?.kind) {
      case 'drop':
        incoming.socket.destroy();
        return;
      case 'hold':
        fault.arrived();
        await fault.until;
        incoming.socket.destroy();
        return;
      case 'status':
        outgoing.writeHead(fault.status, {
          'content-type': fault.contentType ?? 'application/json',
        });
        outgoing.end(
          fault.body ?? JSON.stringify({ error: { code: 'internal', message: 'injected' } }),
        );
        return;
      case 'rate-limit':
        outgoing.writeHead(429, {
          'content-type': 'application/json',
          'retry-after': fault.retryAfter,
        });
        outgoing.end(JSON.stringify({ error: { code: 'rate_limited', message: 'slow down' } }));
        return;
      case 'captive-portal':
        outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        outgoing.end(CAPTIVE_PORTAL_PAGE);
        return;
      case 'redirect':
        outgoing.writeHead(302, { location: fault.location });
        outgoing.end();
        return;
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        break;
      case 'hook':
        try {
          await fault.action(recorded);
        } catch (error) {
          // A broken test action must show, not hang the request or go unhandled.
          console.error('fault proxy: hook action failed', error);
          outgoing.writeHead(502, { 'content-type': 'application/json' });
          outgoing.end(JSON.stringify({ error: { code: 'internal', message: 'hook failed' } }));
          return;
        }
        break;
      default:
        break;
    }
    if (fault?.kind === 'after-commit' || fault?.kind === 'duplicate') {
      await answerAfterCommit(fault, incoming, outgoing, upstream);
      return;
    }
    const upstreamResponse = await pass(incoming, upstream);
    const body = upstreamResponse.body;
    const headers = { ...upstreamResponse.headers };
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    if (fault?.kind === 'reset-mid-body') {
      outgoing.writeHead(upstreamResponse.status, { ...headers, 'content-length': body.length });
      outgoing.write(body.subarray(0, Math.floor(body.length / 2)));
      setImmediate(() => incoming.socket.destroy());
      return;
    }
    let sent = body;
    if (fault?.kind === 'truncate') sent = body.subarray(0, Math.floor(body.length / 2));
    // A 304 (a conditional re-check) has no body to rewrite; it passes as it is.
    if (fault?.kind === 'rewrite' && body.length > 0) {
      sent = Buffer.from(JSON.stringify(fault.transform(JSON.parse(body.toString('utf8')))));
    }
    outgoing.writeHead(upstreamResponse.status, { ...headers, 'content-length': sent.length });
    outgoing.end(sent);
  }

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    plan: (...added) => {
      rules = [...rules, ...added.map((rule) => ({ ...rule, used: 0 }))];
    },
    clear: () => {
      rules = [];
      requests.length = 0;
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

async function answerAfterCommit(
  fault: Extract<Fault, { kind: 'after-commit' | 'duplicate' }>,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  upstream: URL,
): Promise<void> {
  const body = await bodyOf(incoming);
  let answer = await send(incoming, body, upstream);
  if (fault.kind === 'duplicate') answer = await send(incoming, body, upstream);
  else if (fault.then === 'reset') {
    incoming.socket.destroy();
    return;
  } else if (fault.then === 'server-error') {
    answer = {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ error: { code: 'internal', message: 'injected' } })),
    };
  } else {
    const { delayMs } = fault.then;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  const headers = { ...answer.headers };
  delete headers['content-length'];
  delete headers['transfer-encoding'];
  outgoing.writeHead(answer.status, { ...headers, 'content-length': answer.body.length });
  outgoing.end(answer.body);
}

/** A request's whole body, read before it is sent on, so that it can be sent twice. */
async function bodyOf(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sentHeaders(incoming: IncomingMessage, upstream: URL, body: Buffer) {
  const headers: IncomingMessage['headers'] = { ...incoming.headers, host: upstream.host };
  delete headers['transfer-encoding'];
  headers['content-length'] = String(body.length);
  return headers;
}

/** Sends a request whose body was read already, so that it can be sent again. */
function send(incoming: IncomingMessage, body: Buffer, upstream: URL): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    const outbound = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: sentHeaders(incoming, upstream, body),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 502,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    outbound.on('error', reject);
    outbound.end(body);
  });
}

interface UpstreamResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

async function pass(incoming: IncomingMessage, upstream: URL): Promise<UpstreamResponse> {
  return send(incoming, await bodyOf(incoming), upstream);
}
