import { pushes, type PushName, type PushPayload } from '../../shared/ipc/pushes';

export type PushListener = (name: PushName, payload: unknown) => void;

/**
 * Where main's services announce things to whatever renderer transport is attached (Electron's
 * webContents in the app, an event stream in the browser preview). Payloads are checked against
 * the contract here, so a drifting sender fails in main rather than in a view.
 */
export class PushHub {
  private readonly listeners = new Set<PushListener>();

  constructor(private readonly reportError: (name: string, error: unknown) => void = () => {}) {}

  send<Name extends PushName>(name: Name, payload: PushPayload<Name>): void {
    const parsed = pushes[name].safeParse(payload);
    if (!parsed.success) {
      this.reportError(name, parsed.error);
      return;
    }
    for (const listener of this.listeners) listener(name, parsed.data);
  }

  attach(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
