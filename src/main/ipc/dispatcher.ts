import {
  commands,
  isCommandName,
  type CommandName,
  type CommandOutput,
  type ParsedCommandInput,
} from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';
import { issuesToDetails } from '../../shared/wire/errors';
import { IpcFailure } from './failure';

/** One handler per declared command; a missing or an extra one does not compile. */
export type Handlers = {
  [Name in CommandName]: (
    input: ParsedCommandInput<Name>,
  ) => Promise<CommandOutput<Name>> | CommandOutput<Name>;
};

export type Dispatch = (name: unknown, input: unknown) => Promise<IpcResult<unknown>>;

type AnyHandler = (input: unknown) => unknown;

/**
 * Turns handlers into the one entry point every transport calls. Input arrives as `unknown` from
 * a process we do not trust, so it is parsed with the command's schema before a handler sees it;
 * the output is parsed too, so a handler that drifts from the contract fails here, in main, and
 * never hands the renderer a shape it does not expect.
 */
export function createDispatcher(
  handlers: Handlers,
  reportInternalError: (name: string, error: unknown) => void = () => {},
): Dispatch {
  return async (name, input) => {
    if (!isCommandName(name)) {
      return failure('invalid_input', `There is no command named ${JSON.stringify(name)}.`);
    }
    const spec = commands[name];
    const parsedInput = spec.input.safeParse(input);
    if (!parsedInput.success) {
      return {
        ok: false,
        error: {
          code: 'invalid_input',
          message: `The input of ${name} is not valid.`,
          details: issuesToDetails(parsedInput.error.issues),
        },
      };
    }
    try {
      const handler = handlers[name] as AnyHandler;
      const output = spec.output.safeParse(await handler(parsedInput.data));
      if (!output.success) {
        reportInternalError(name, output.error);
        return failure('internal', `${name} produced an answer that does not match its contract.`);
      }
      return { ok: true, value: output.data };
    } catch (error) {
      if (error instanceof IpcFailure) return { ok: false, error: error.toIpcError() };
      reportInternalError(name, error);
      return failure('internal', `${name} failed unexpectedly.`);
    }
  };
}

function failure(code: 'invalid_input' | 'internal', message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}
