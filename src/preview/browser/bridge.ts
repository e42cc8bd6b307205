import { createBridge } from '../../shared/ipc/bridge';

// The browser preview's stand-in for the preload: the same bridge, with HTTP to the preview's
// Node process in place of Electron's IPC and server-sent events in place of its pushes. Bundled
// by the preview server and loaded before the renderer.
// The stream opens with the page, not at the first subscription, so pushes sent while the
// renderer starts are not lost on the way.
// Both addresses are relative to the page, so they carry the launch's secret in its path.
const stream = new EventSource('__events');

const api = createBridge(
  async (name, input) => {
    const response = await fetch('__ipc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, input }),
    });
    return (await response.json()) as unknown;
  },
  (name, listener) => {
    const forward = (event: MessageEvent<string>) => listener(JSON.parse(event.data) as unknown);
    stream.addEventListener(name, forward);
    return () => stream.removeEventListener(name, forward);
  },
);

Object.defineProperty(window, 'api', { value: Object.freeze(api), writable: false });
