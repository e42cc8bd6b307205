import { describe, expect, it } from 'vitest';
import type { PitsideApi } from '../../../src/shared/ipc/bridge';
import type { Handlers } from '../../../src/main/ipc/dispatcher';

/*
 * These declarations are checked by `npm run typecheck` (tsconfig.test.json): each
 * `@ts-expect-error` fails the type check if the line below it ever starts to compile, which is
 * how "a channel declared on one side only does not compile" is held in place.
 */

// @ts-expect-error main without a handler for a declared command does not compile
const missingHandler: Handlers = {};

const extraHandler: Handlers = {
  'app:info': () => {
    throw new Error('not called');
  },
  // @ts-expect-error main with a handler for an undeclared command does not compile
  'app:undeclared': () => null,
};

// @ts-expect-error the renderer has no method for a command the contract does not declare
export type Undeclared = PitsideApi['app']['undeclared'];

function callsOnlyDeclaredCommands(api: PitsideApi) {
  // @ts-expect-error nor can it pass an input to a command that takes none
  void api.app.info(42);
  return api.app.info();
}

describe('the IPC contract types', () => {
  it('are exercised by the type check (see the comments in this file)', () => {
    expect([missingHandler, extraHandler, callsOnlyDeclaredCommands].length).toBe(3);
  });
});
