import { COMMAND_NAMES, type CommandInput, type CommandName, type CommandOutput } from './contract';
import type { IpcResult } from './errors';

type DomainOf<Name> = Name extends `${infer Domain}:${string}` ? Domain : never;
type VerbOf<Name, Domain extends string> = Name extends `${Domain}:${infer Verb}` ? Verb : never;

type Method<Name extends CommandName> =
  undefined extends CommandInput<Name>
    ? (input?: CommandInput<Name>) => Promise<IpcResult<CommandOutput<Name>>>
    : (input: CommandInput<Name>) => Promise<IpcResult<CommandOutput<Name>>>;

/** `window.api`: one namespace per domain, one method per command, derived from the contract. */
export type PitsideApi = {
  [Domain in DomainOf<CommandName>]: {
    [Name in CommandName as VerbOf<Name, Domain>]: Method<Name>;
  };
};

/** How a command reaches main: Electron's `ipcRenderer.invoke` in the app, HTTP in the preview. */
export type Invoke = (name: CommandName, input: unknown) => Promise<unknown>;

/**
 * Builds `window.api` from the contract over any transport. Exactly the declared commands exist:
 * there is no generic `invoke(channel)` for a compromised page to reach anything else with.
 */
export function createBridge(invoke: Invoke): PitsideApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const name of COMMAND_NAMES) {
    const [domain = '', verb = ''] = name.split(':');
    const methods = (api[domain] ??= {});
    methods[verb] = (input?: unknown) => invoke(name, input);
  }
  return api as unknown as PitsideApi;
}
