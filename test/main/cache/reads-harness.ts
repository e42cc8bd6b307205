import type { z } from 'zod';
import { createReadHandlers, type ReadCommandName } from '../../../src/main/handlers/reads';
import { IpcFailure } from '../../../src/main/ipc/failure';
import { readCommands } from '../../../src/shared/ipc/reads';
import type { ResourceKey } from '../../../src/shared/ipc/resources';
import type { TestCache } from './fixtures';

type Spec<Name extends ReadCommandName> = (typeof readCommands)[Name];
export type ReadInput<Name extends ReadCommandName> = z.input<Spec<Name>['input']>;
export type ReadOutput<Name extends ReadCommandName> = z.output<Spec<Name>['output']>;

/** The clock the reference service is pinned to in tests (test/harness/server.ts). */
export const CLOCK = '2026-11-21T12:00:00Z';

export interface Reads {
  /** Parses the input with the command's schema, runs the handler, checks the output likewise. */
  ask<Name extends ReadCommandName>(name: Name, input?: ReadInput<Name>): Promise<ReadOutput<Name>>;
  /** The failure a read answers with, or `null` when it answers. */
  failure<Name extends ReadCommandName>(
    name: Name,
    input?: ReadInput<Name>,
  ): Promise<IpcFailure | null>;
  /** What the reads asked the sync engine to fetch, in order. */
  requested: ResourceKey[];
  setClock(iso: string): void;
}

export interface ReadsOptions {
  clock?: string;
  /** Also told of every background fetch a read asks for (a real sync engine, say). */
  onRequest?: (key: ResourceKey) => void;
}

export function readsOf(source: Pick<TestCache, 'cache'>, options: ReadsOptions = {}): Reads {
  let now = new Date(options.clock ?? CLOCK);
  const requested: ResourceKey[] = [];
  const handlers = createReadHandlers({
    reader: source.cache.reader,
    now: () => now,
    requestFetch: (key) => {
      requested.push(key);
      options.onRequest?.(key);
    },
  });

  async function ask<Name extends ReadCommandName>(name: Name, input?: ReadInput<Name>) {
    const spec: Spec<ReadCommandName> = readCommands[name];
    // The handler map is keyed by name; the input was just parsed with that name's schema.
    const handler = handlers[name] as (parsed: unknown) => unknown;
    const output: unknown = await handler(spec.input.parse(input));
    return spec.output.parse(output) as ReadOutput<Name>;
  }

  return {
    ask,
    failure: async (name, input) => {
      try {
        await ask(name, input);
        return null;
      } catch (error) {
        if (error instanceof IpcFailure) return error;
        throw error;
      }
    },
    requested,
    setClock: (iso) => {
      now = new Date(iso);
    },
  };
}
