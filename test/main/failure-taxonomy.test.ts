import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, ApiError } from '../../src/main/api/errors';
import { failureWords } from '../../src/main/failure-words';
import {
  FAILURE_CODES,
  failureForStatus,
  STATUS_FAILURES,
  TRANSIENT_FAILURES,
} from '../../src/shared/failures';
import { editErrorSchema } from '../../src/shared/ipc/edits';
import { IPC_ERROR_CODES } from '../../src/shared/ipc/errors';
import { SYNC_PROBLEM_CODES } from '../../src/shared/ipc/sync';

describe('one list of failures', () => {
  const all = new Set<string>(FAILURE_CODES);

  it.each([
    ['the API client’s', API_ERROR_CODES],
    ['a sync’s problems', SYNC_PROBLEM_CODES],
    ['an IPC answer’s errors', IPC_ERROR_CODES],
    ['what a status stands for', STATUS_FAILURES],
    ['the transient ones', [...TRANSIENT_FAILURES]],
    ['an edit’s errors', editErrorSchema.shape.code.options],
  ] as const)('holds every code of %s', (_name, codes) => {
    expect(codes.filter((code) => !all.has(code))).toEqual([]);
  });

  it('names each code once', () => {
    expect(all.size).toBe(FAILURE_CODES.length);
  });

  it.each([
    [400, 'rejected'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'forbidden'],
    [409, 'conflict'],
    [412, 'conflict'],
    [413, 'rejected'],
    [415, 'rejected'],
    [422, 'rejected'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [503, 'server_error'],
    [511, 'captive_portal'],
    [418, 'invalid_response'],
  ] as const)('reads status %i as %s', (status, code) => {
    expect(failureForStatus(status)).toBe(code);
    expect(new ApiError(failureForStatus(status), 'x').isTransient).toBe(
      TRANSIENT_FAILURES.has(code),
    );
  });
});

describe('what a person reads', () => {
  it('says an address that takes no writes is read-only, and where edits go instead', () => {
    const words = failureWords(
      new ApiError('forbidden', 'A share is read-only: it answers GET only.', { status: 405 }),
    );
    expect(words).toMatch(/^This address takes no changes, only reads: a venue share is one\./);
    expect(words).toMatch(/\(it said: A share is read-only: it answers GET only\.\)$/);
  });

  it('says plainly that the key lacks the role, with the service’s own words after', () => {
    const words = failureWords(
      new ApiError('forbidden', 'This needs the admin role.', { status: 403 }),
    );
    expect(words).toMatch(/^The API key lacks the role this needs/);
    expect(words).toContain('(it said: This needs the admin role.)');
  });

  it('tells how to fix a refused key', () => {
    expect(failureWords(new ApiError('unauthorized', 'Unknown key.'))).toMatch(
      /refused the API key: enter a valid key in Settings/,
    );
  });

  it('passes the service’s words on as they are otherwise', () => {
    expect(failureWords(new ApiError('rejected', 'The event is not valid.'))).toBe(
      'The event is not valid.',
    );
  });
});
