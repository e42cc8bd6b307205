import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from '../shared/ipc/bridge';

// The whole surface the page gets: one method per declared command, nothing else of Electron.
contextBridge.exposeInMainWorld(
  'api',
  createBridge((name, input) => ipcRenderer.invoke(name, input)),
);
