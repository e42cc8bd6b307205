import { Random } from '../../src/server/demo/random';
import type { Fault, FaultRule, RecordedRequest } from './fault-proxy';

/*
 * A bad venue network as fault-proxy rules: a share of the requests is faulted, each with a kind
 * drawn at random and then one of that kind's variants. The draw for a request depends only on the
 * seed, the request line and how many times that request line was seen before, not on the order
 * in which concurrent requests reach the proxy, so a seed replays the same faults. A body fault
 * (cut off, rewritten) drawn for an answer without a body, a 304, leaves it as it is.
 */

/** The kinds of misbehaviour a mix draws from, as the issue lists them. */
export const MIX_KINDS = [
  'drop',
  'reset-mid-body',
  'server-error',
  'rate-limit',
  'captive-portal',
  'truncate',
  'wrong-shape',
  'slow',
] as const;

export type MixKind = (typeof MIX_KINDS)[number];

export interface FaultMixOptions {
  seed: number;
  /** The share of requests faulted, 0 to 1. */
  rate: number;
  /** The client's per-request timeout: slow answers land on either side of it. */
  timeoutMs: number;
  /** The kinds to draw from; all of them when absent. */
  kinds?: readonly MixKind[];
}

export interface FaultMix {
  /** One rule per variant; plan them all, in any order. */
  rules: FaultRule[];
  /** How many of `requests` (the proxy's record) got each variant, every variant named. */
  tally(requests: readonly RecordedRequest[]): Map<string, number>;
}

interface Variant {
  name: string;
  fault: Fault;
}

type Envelope = Record<string, unknown>;

const isEnvelope = (json: unknown): json is Envelope =>
  typeof json === 'object' && json !== null && !Array.isArray(json);

/** `data` is no longer a list (or, in a single record's envelope, no longer that record). */
function dataNotAList(json: unknown): unknown {
  return isEnvelope(json) ? { ...json, data: { items: json.data } } : { data: json };
}

/** One field of the envelope of the wrong type: a list's total, or a single record as text. */
function envelopeFieldAsText(json: unknown): unknown {
  if (!isEnvelope(json)) return { data: JSON.stringify(json) };
  if (isEnvelope(json.meta))
    return { ...json, meta: { ...json.meta, total: String(json.meta.total) } };
  return { ...json, data: JSON.stringify(json.data) };
}

function variantsOf(kind: MixKind, timeoutMs: number): Variant[] {
  switch (kind) {
    case 'drop':
      return [{ name: 'drop', fault: { kind: 'drop' } }];
    case 'reset-mid-body':
      return [{ name: 'reset mid-body', fault: { kind: 'reset-mid-body' } }];
    case 'server-error':
      return [500, 503].map((status) => ({
        name: `status ${status}`,
        fault: { kind: 'status', status },
      }));
    case 'rate-limit':
      return ['0', '1'].map((retryAfter) => ({
        name: `429, Retry-After ${retryAfter}`,
        fault: { kind: 'rate-limit', retryAfter },
      }));
    case 'captive-portal':
      return [{ name: 'captive portal page, status 200', fault: { kind: 'captive-portal' } }];
    case 'truncate':
      return [{ name: 'JSON cut off', fault: { kind: 'truncate' } }];
    case 'wrong-shape':
      return [
        { name: 'data not a list', fault: { kind: 'rewrite', transform: dataNotAList } },
        {
          name: 'envelope field as text',
          fault: { kind: 'rewrite', transform: envelopeFieldAsText },
        },
      ];
    case 'slow':
      return [
        { name: 'slow, within the timeout', fault: { kind: 'delay', ms: timeoutMs * 0.3 } },
        { name: 'slow, past the timeout', fault: { kind: 'delay', ms: timeoutMs * 2 } },
      ];
  }
}

export function faultMix(options: FaultMixOptions): FaultMix {
  const kinds = (options.kinds ?? MIX_KINDS).map((kind) => variantsOf(kind, options.timeoutMs));
  const seen = new Map<string, number>();
  const drawn = new WeakMap<RecordedRequest, Variant | null>();

  // The proxy asks each rule's `match` in turn: the draw is made once, at the first asking.
  const draw = (request: RecordedRequest): Variant | null => {
    const known = drawn.get(request);
    if (known !== undefined) return known;
    const line = `${request.method} ${request.path}`;
    const occurrence = seen.get(line) ?? 0;
    seen.set(line, occurrence + 1);
    const random = new Random(options.seed, `${line} #${occurrence}`);
    const variant = random.chance(options.rate) ? random.pick(random.pick(kinds)) : null;
    drawn.set(request, variant);
    return variant;
  };

  const variants = kinds.flat();
  return {
    rules: variants.map((variant) => ({
      fault: variant.fault,
      match: (request) => draw(request) === variant,
    })),
    tally: (requests) => {
      const counts = new Map(variants.map((variant) => [variant.name, 0]));
      for (const request of requests) {
        const variant = drawn.get(request);
        if (variant === undefined || variant === null) continue;
        counts.set(variant.name, (counts.get(variant.name) ?? 0) + 1);
      }
      return counts;
    },
  };
}
