import type { z } from 'zod';
import { errorBodySchema, issuesToDetails } from '../../shared/wire/errors';
import { backoffDelay, DEFAULT_BACKOFF, parseRetryAfter, type BackoffPolicy } from './backoff';
import { readCappedBody } from './capped-body';
import { ApiError, codeForStatus } from './errors';
import { Pace } from './pace';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** The service's base URL, e.g. `https://events.example.org` (a path prefix is kept). */
  baseUrl: string;
  /** Electron's `net.fetch` in the app (system proxy and certificates), global `fetch` in Node. */
  fetch: FetchLike;
  /** Read from the keychain for every request, so a key changed in settings applies at once. */
  apiKey: () => Promise<string | null>;
  timeoutMs?: number;
  /** Attempts for a read, first one included; writes always get exactly one. */
  maxAttempts?: number;
  /** A Retry-After longer than this is not waited out: the error goes back to the caller. */
  maxRetryAfterMs?: number;
  backoff?: BackoffPolicy;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  maxBodyBytes?: number;
  /**
   * How fast this service lets this key ask; shared by every client of the same service and key.
   * A client of its own when absent.
   */
  pace?: Pace;
  /**
   * How long 429s may keep every request from an answer before a read gives up: the bound on a
   * rate-limited run is time without progress, not a count of 429s.
   */
  maxStallMs?: number;
  /**
   * Timeouts with no answer of any kind in between, over at least twice the timeout, before the
   * service is taken as unreachable: every later request of this client fails at once with
   * `ServiceSilent`. Requests in flight side by side time out together; the time keeps a burst
   * of them on a lossy network from counting as silence.
   */
  maxSilentTimeouts?: number;
  /**
   * The least time without an answer that counts as silence, however short the timeout: a busy
   * machine or a lossy network can time out many short requests in a row, and still answer.
   */
  minSilenceMs?: number;
}

export interface RequestSpec<Schema extends z.ZodType> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path and query below the base URL, starting with `/v1/`. */
  path: string;
  /** `null` for answers without a body (204, 304). */
  schema: Schema | null;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Not sent after this time (epoch ms by the transport's clock): a write checked against the
   * service's record just before must land soon after that check, or the check says nothing.
   * Past it, `SendWindowMissed` is thrown and nothing goes out.
   */
  notAfter?: number;
}

/** A request held back (by the rate limit) past its `notAfter`: it was not sent at all. */
export class SendWindowMissed extends Error {
  constructor() {
    super('The request was held back past the time it had to leave by; it was not sent.');
    this.name = 'SendWindowMissed';
  }
}

/**
 * The service accepted connections but answered none of several requests for twice the request
 * timeout: every further request of this client (one sync run) fails at once instead of waiting
 * out its own timeout.
 */
export class ServiceSilent extends ApiError {
  constructor(timeouts: number, silentMs: number) {
    super(
      'timeout',
      `The service answered none of the last ${timeouts} requests, for ${Math.round(silentMs / 1000)} s; it is taken as unreachable until the next sync.`,
    );
    this.name = 'ServiceSilent';
  }
}

export interface ApiResponse<Value> {
  status: number;
  /** `undefined` for 304 and 204. */
  value: Value | undefined;
  etag: string | null;
  headers: Headers;
}

export type Transport = <Schema extends z.ZodType>(
  spec: RequestSpec<Schema>,
) => Promise<ApiResponse<z.output<Schema>>>;

const DEFAULTS = {
  timeoutMs: 15_000,
  maxAttempts: 4,
  maxRetryAfterMs: 30_000,
  maxBodyBytes: 32 * 1024 * 1024,
  maxStallMs: 120_000,
  maxSilentTimeouts: 3,
  minSilenceMs: 20_000,
};

export function createTransport(options: TransportOptions): Transport {
  const base = parseBaseUrl(options.baseUrl);
  const settings = { ...DEFAULTS, ...options };
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;

  const pace = options.pace ?? new Pace({ sleep: options.sleep, now });
  // Timeouts since the last answer of any kind: a service that holds every request open is
  // given up on for the rest of the run, not waited on once per request and per retry.
  let silentTimeouts = 0;
  let lastAnswerAt = now();
  const silent = () => {
    const silentMs = now() - lastAnswerAt;
    const least = Math.max(2 * settings.timeoutMs, settings.minSilenceMs);
    return silentTimeouts >= settings.maxSilentTimeouts && silentMs >= least
      ? new ServiceSilent(silentTimeouts, silentMs)
      : null;
  };
  const answered = () => {
    silentTimeouts = 0;
    lastAnswerAt = now();
  };

  return async (spec) => {
    const url = resolveUrl(base, spec.path);
    const attempts = spec.method === 'GET' ? settings.maxAttempts : 1;
    for (let attempt = 1; ;) {
      const before = silent();
      if (before !== null) throw before;
      const slot = await pace.admit(spec.signal);
      if (spec.notAfter !== undefined && now() > spec.notAfter) {
        slot.released();
        throw new SendWindowMissed();
      }
      try {
        const response = await attemptOnce(url, spec);
        answered();
        slot.answered();
        return response;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'timeout') silentTimeouts += 1;
        else if (error instanceof ApiError && error.status !== undefined) answered();
        const gone = silent();
        if (gone !== null) {
          slot.released();
          throw gone;
        }
        if (error instanceof ApiError && error.code === 'rate_limited') {
          // Every request waits out the pause, this one included; the pace does the waiting, and
          // a 429 costs no attempt: it says nothing about the way to the service.
          slot.limited(error.retryAfterMs);
          if (spec.method !== 'GET') throw error;
          throwUnlessWaitable(error);
          continue;
        }
        // Any answer of the service (a 404, a 500) took one of its tokens; no answer took none.
        if (error instanceof ApiError && error.status !== undefined) slot.answered();
        else slot.released();
        if (!(error instanceof ApiError)) throw error;
        attempt += 1;
        if (!error.isTransient || attempt > attempts) throw error;
        await sleep(backoffDelay(attempt - 1, backoff, random, error.retryAfterMs), spec.signal);
      }
    }
  };

  /** A 429 is waited out while its pause is one we accept and the service still answers at all. */
  function throwUnlessWaitable(error: ApiError): void {
    if ((error.retryAfterMs ?? 0) > settings.maxRetryAfterMs) throw error;
    if (pace.stalledMs <= settings.maxStallMs) return;
    throw new ApiError(
      'rate_limited',
      `The service turned every request away for ${Math.round(pace.stalledMs / 1000)} s (its rate limit); the cached copies are kept and the next sync tries again.`,
      { status: error.status, retryAfterMs: error.retryAfterMs, cause: error },
    );
  }

  async function attemptOnce<Schema extends z.ZodType>(
    url: string,
    spec: RequestSpec<Schema>,
  ): Promise<ApiResponse<z.output<Schema>>> {
    const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
    const key = await options.apiKey();
    if (key !== null) headers.authorization = `Bearer ${key}`;
    if (spec.body !== undefined) headers['content-type'] = 'application/json';

    // One timer and one controller per attempt: AbortSignal.timeout plus AbortSignal.any cost a
    // measurable share of a sync's CPU over tens of thousands of requests.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('request timed out'));
    }, settings.timeoutMs);
    const forwardAbort = () => controller.abort(spec.signal?.reason);
    if (spec.signal?.aborted === true) forwardAbort();
    else spec.signal?.addEventListener('abort', forwardAbort, { once: true });
    const signal = controller.signal;
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        // A redirect could carry the key to another origin, and a captive portal answers with
        // one: neither is the service, so none is followed.
        redirect: 'manual',
        signal,
      });
      text = await readCappedBody(response, settings.maxBodyBytes);
    } catch (error) {
      // Whatever stopped the read, the rest of the body is not wanted: with a fetch that does
      // not close the connection when its body is canceled, this does.
      controller.abort(error);
      throw networkFailure(error, spec.signal, timedOut, settings.timeoutMs);
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', forwardAbort);
    }

    const etag = response.headers.get('etag');
    if (response.status === 304 || response.status === 204) {
      return { status: response.status, value: undefined, etag, headers: response.headers };
    }
    if (response.status >= 300 && response.status < 400) {
      throw captivePortal(
        `redirected the request to ${redirectTarget(response, url)} instead of answering from the service`,
        response.status,
      );
    }
    if (!response.ok) throw errorFromResponse(response, text, now());
    if (spec.schema === null) {
      return { status: response.status, value: undefined, etag, headers: response.headers };
    }
    const value = parseBody(spec.schema, response, text);
    return { status: response.status, value, etag, headers: response.headers };
  }
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ApiError('invalid_response', `${JSON.stringify(baseUrl)} is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError('invalid_response', `The service URL must be http or https: ${baseUrl}`);
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

/** Joins below the base and refuses anything that would leave its origin (`//host`, `http:`). */
function resolveUrl(base: URL, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new Error(`request paths start with a single slash: ${path}`);
  }
  const url = new URL(path.slice(1), base);
  if (url.origin !== base.origin) throw new Error(`${path} leaves the service's origin`);
  return url.href;
}

/**
 * The network answering in the service's place. Only the person can end it, so the message says
 * what to do; a wrong service address can look the same, so it says that too.
 */
function captivePortal(what: string, status: number): ApiError {
  return new ApiError(
    'captive_portal',
    `The network ${what}, as a venue's captive portal does: sign in to the venue's network (open any web page in a browser and follow it), then try again. If there is no portal, check the service address.`,
    { status },
  );
}

function redirectTarget(response: Response, requested: string): string {
  const location = response.headers.get('location');
  if (location === null) return 'another page';
  try {
    return new URL(location, requested).origin;
  } catch {
    return 'another page';
  }
}

function networkFailure(
  error: unknown,
  callerSignal: AbortSignal | undefined,
  timedOut: boolean,
  timeoutMs: number,
): unknown {
  if (error instanceof ApiError) return error;
  // A cancellation by the caller is not a failure of the service: it propagates as is.
  if (callerSignal?.aborted === true) return callerSignal.reason;
  if (timedOut) {
    return new ApiError('timeout', `The service did not answer within ${timeoutMs / 1000} s.`, {
      cause: error,
    });
  }
  return new ApiError('offline', 'The service cannot be reached.', { cause: error });
}

function errorFromResponse(response: Response, text: string, now: number): ApiError {
  const code = codeForStatus(response.status);
  if (code === 'captive_portal') {
    return captivePortal(
      `asks to sign in before it lets anything through (${response.status})`,
      response.status,
    );
  }
  const parsed = errorBodySchema.safeParse(safeJson(text));
  const serviceError = parsed.success ? parsed.data.error : undefined;
  return new ApiError(code, serviceError?.message ?? `The service answered ${response.status}.`, {
    status: response.status,
    serviceCode: serviceError?.code,
    details: serviceError?.details,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now),
  });
}

/**
 * Only a JSON body that matches the schema gets through. A portal's HTML page with status 200,
 * a body cut off mid-way or a record of the wrong shape all stop here, before any cache write.
 * On a hostile network each of them says more about the way than about the service, so each is
 * worth another attempt: a read retries it within its budget, a write never.
 */
function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  response: Response,
  text: string,
): z.output<Schema> {
  const type = response.headers.get('content-type') ?? '';
  // Some portals label their page as JSON; no JSON document starts with a tag.
  if (!/\bjson\b/i.test(type) || text.trimStart().startsWith('<')) {
    throw captivePortal(
      `answered with a web page (${type === '' ? 'no content type' : type}) instead of the service`,
      response.status,
    );
  }
  const json = safeJson(text);
  if (json === undefined) {
    throw new ApiError(
      'invalid_response',
      'The service sent JSON that does not parse (cut off?).',
      { status: response.status, transient: true },
    );
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    throw new ApiError('invalid_response', 'The service sent data of an unexpected shape.', {
      status: response.status,
      details: issuesToDetails(result.error.issues).slice(0, 10),
      transient: true,
    });
  }
  return result.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
