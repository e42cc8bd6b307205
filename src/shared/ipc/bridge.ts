import { COMMAND_NAMES, type CommandInput, type CommandName, type CommandOutput } from './contract';
import type { IpcResult } from './errors';
import { isPushName, type PushName, type PushPayload } from './pushes';

type DomainOf<Name> = Name extends `${infer Domain}:${string}` ? Domain : never;
type VerbOf<Name, Domain extends string> = Name extends `${Domain}:${infer Verb}` ? Verb : never;

type Method<Name extends CommandName> =
  undefined extends CommandInput<Name>
    ? (input?: CommandInput<Name>) => Promise<IpcResult<CommandOutput<Name>>>
    : (input: CommandInput<Name>) => Promise<IpcResult<CommandOutput<Name>>>;

type Commands = {
  [Domain in DomainOf<CommandName>]: {
    [Name in CommandName as VerbOf<Name, Domain>]: Method<Name>;
  };
};

/**
 * `window.api`: one namespace per domain, one method per command, derived from the contract, and
 * `subscribe` for the declared pushes (it returns the function that unsubscribes).
 */
export type PitsideApi = Commands & {
  subscribe<Name extends PushName>(
    name: Name,
    listener: (payload: PushPayload<Name>) => void,
  ): () => void;
};

/** How a command reaches main: Electron's `ipcRenderer.invoke` in the app, HTTP in the preview. */
export type Invoke = (name: CommandName, input: unknown) => Promise<unknown>;

/** How a page hears a push: `ipcRenderer.on` in the app, an event stream in the preview. */
export type Listen = (name: PushName, listener: (payload: unknown) => void) => () => void;

/**
 * Builds `window.api` from the contract over any transport. Exactly the declared commands and
 * pushes exist: there is no generic `invoke(channel)` or `on(channel)` for a compromised page to
 * reach anything else with.
 */
export function createBridge(invoke: Invoke, listen: Listen): PitsideApi {
  const api: Record<string, unknown> = {};
  for (const name of COMMAND_NAMES) {
    const [domain = '', verb = ''] = name.split(':');
    const methods = (api[domain] ??= {}) as Record<string, (input?: unknown) => Promise<unknown>>;
    methods[verb] = (input?: unknown) => invoke(name, input);
  }
  api.subscribe = (name: unknown, listener: unknown) => {
    if (!isPushName(name)) throw new Error(`There is no push named ${JSON.stringify(name)}.`);
    if (typeof listener !== 'function') throw new Error('subscribe needs a listener function.');
    return listen(name, (payload) => (listener as (payload: unknown) => void)(payload));
  };
  return api as unknown as PitsideApi;
}
