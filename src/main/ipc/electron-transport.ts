import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { COMMAND_NAMES } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';
import type { Dispatch } from './dispatcher';
import type { PushHub } from './push-hub';

/**
 * Registers one `ipcMain.handle` per declared command (never a catch-all), each refusing frames
 * that are not the app's own renderer before the dispatcher validates the input.
 */
export function registerIpcHandlers(
  dispatch: Dispatch,
  isTrustedSender: (frameUrl: string) => boolean,
): () => void {
  for (const name of COMMAND_NAMES) {
    ipcMain.handle(name, (event: IpcMainInvokeEvent, input: unknown) => {
      const frameUrl = event.senderFrame?.url ?? '';
      if (!isTrustedSender(frameUrl)) return untrustedSender(name);
      return dispatch(name, input);
    });
  }
  return () => {
    for (const name of COMMAND_NAMES) ipcMain.removeHandler(name);
  };
}

/** Forwards the hub's pushes to one window's page for as long as it lives. */
export function forwardPushes(hub: PushHub, contents: WebContents): () => void {
  const detach = hub.attach((name, payload) => {
    if (!contents.isDestroyed()) contents.send(name, payload);
  });
  contents.once('destroyed', detach);
  return detach;
}

function untrustedSender(name: string): IpcResult<never> {
  return {
    ok: false,
    error: { code: 'forbidden', message: `${name} may only be called by the app's own window.` },
  };
}
