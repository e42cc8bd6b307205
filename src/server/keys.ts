import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { KEY_ROLES } from '../shared/ipc/edits';
import type { ApiKeyEntry } from './config';

/** Keys travel in a Bearer header, so they are visible ASCII without spaces. */
const keysFileSchema = z.object({
  keys: z
    .array(
      z.object({
        key: z.string().regex(/^[\x21-\x7e]{1,512}$/, 'must be 1-512 visible ASCII characters'),
        role: z.enum(KEY_ROLES),
      }),
    )
    .min(1, 'must list at least one key')
    .refine((keys) => new Set(keys.map(({ key }) => key)).size === keys.length, {
      message: 'must not list the same key twice',
    }),
});

/** A keys file or variable that cannot be used; the message says where and what is wrong. */
export class KeysError extends Error {}

/** Parses `{ "keys": [ { "key": "…", "role": "viewer" | "organizer" | "admin" } ] }`. */
export function parseKeys(text: string, source: string): ApiKeyEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeysError(`${source} is not valid JSON`);
  }
  const parsed = keysFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(top level)'} ${issue.message}`,
    );
    throw new KeysError(`${source} is not a keys file: ${problems.join('; ')}`);
  }
  return parsed.data.keys;
}

export function readKeysFile(path: string): ApiKeyEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new KeysError(`cannot read keys file ${path} (${reason})`);
  }
  return parseKeys(text, `keys file ${path}`);
}

/** One fresh random key per role, for a service started without a keys file. */
export function generateKeys(): ApiKeyEntry[] {
  return KEY_ROLES.map((role) => ({ key: randomBytes(24).toString('base64url'), role }));
}

export function describeKeys(keys: readonly ApiKeyEntry[]): string {
  return `keys ${keys.map(({ role, key }) => `${role}=${key}`).join(' ')}`;
}
