import { createBridge } from '../../../src/shared/ipc/bridge';

// The browser preview's stand-in for the preload: the same bridge, with HTTP to the test process
// in place of Electron's IPC. Bundled by the preview server and loaded before the renderer.
const api = createBridge(async (name, input) => {
  const response = await fetch('/__ipc', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, input }),
  });
  return (await response.json()) as unknown;
});

Object.defineProperty(window, 'api', { value: Object.freeze(api), writable: false });
