import { createHash, timingSafeEqual } from 'node:crypto';
import type { KeyRole } from '../shared/ipc/edits';
import type { ApiKeyEntry } from './config';
import { HttpError } from './errors';

/** Who is asking: a role for a valid key, `null` for an anonymous caller. */
export interface Caller {
  role: KeyRole | null;
  /** SHA-256 of the key (hex): what idempotency records and rate buckets are keyed by, never the key. */
  keyHash: string | null;
}

export const ANONYMOUS: Caller = { role: null, keyHash: null };

/** What a route demands of its caller: `open` routes take anonymous callers (and valid keys). */
export type Access = 'open' | 'any-key' | 'organizer' | 'admin';

/** The outcome of reading the Authorization header, before any route's demands are applied. */
export type Credentials =
  { kind: 'none' } | { kind: 'invalid' } | { kind: 'valid'; caller: Caller };

const RANK: Readonly<Record<KeyRole, number>> = { viewer: 0, organizer: 1, admin: 2 };

/** Organizers and admins see private and unlisted events in every list; everyone else sees public. */
export function seesHiddenEvents(caller: Caller): boolean {
  return caller.role === 'organizer' || caller.role === 'admin';
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** The configured keys, held only as hashes so that comparing them takes the same time for any key. */
export class KeyTable {
  private readonly entries: { hash: Buffer; role: KeyRole }[];

  constructor(keys: readonly ApiKeyEntry[]) {
    this.entries = keys.map(({ key, role }) => ({ hash: sha256(key), role }));
  }

  /**
   * Every stored hash is compared, with no early exit, so the time taken says nothing about which
   * key (or how much of one) matched.
   */
  private roleOf(presentedHash: Buffer): KeyRole | null {
    let role: KeyRole | null = null;
    for (const entry of this.entries) {
      if (timingSafeEqual(presentedHash, entry.hash) && role === null) role = entry.role;
    }
    return role;
  }

  read(authorization: string | undefined): Credentials {
    if (authorization === undefined) return { kind: 'none' };
    const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(authorization);
    if (match?.[1] === undefined) return { kind: 'invalid' };
    const presentedHash = sha256(match[1]);
    const role = this.roleOf(presentedHash);
    if (role === null) return { kind: 'invalid' };
    return { kind: 'valid', caller: { role, keyHash: presentedHash.toString('hex') } };
  }
}

const unauthorized = (message: string): HttpError =>
  new HttpError('unauthorized', message, undefined, { 'www-authenticate': 'Bearer' });

/**
 * Applies a route's demands to the credentials sent. A key that is sent must be valid even where
 * none is needed, so that a typo is reported rather than silently served as anonymous.
 */
export function authorize(credentials: Credentials, access: Access): Caller {
  if (credentials.kind === 'invalid') {
    throw unauthorized('The API key is not valid; send Authorization: Bearer <key>.');
  }
  if (credentials.kind === 'none') {
    if (access === 'open') return ANONYMOUS;
    throw unauthorized('This endpoint needs an API key; send Authorization: Bearer <key>.');
  }
  const { caller } = credentials;
  if (access === 'organizer' || access === 'admin') {
    if (caller.role === null || RANK[caller.role] < RANK[access]) {
      throw new HttpError('forbidden', `This needs the ${access} role.`);
    }
  }
  return caller;
}
