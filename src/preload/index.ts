import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from '../shared/ipc/bridge';

// The whole surface the page gets: one method per declared command and the declared pushes,
// nothing else of Electron. The listener wrapper keeps the IPC event object out of the page.
contextBridge.exposeInMainWorld(
  'api',
  createBridge(
    (name, input) => ipcRenderer.invoke(name, input),
    (name, listener) => {
      const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(name, forward);
      return () => ipcRenderer.removeListener(name, forward);
    },
  ),
);
