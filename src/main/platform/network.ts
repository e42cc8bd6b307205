import { net } from 'electron';

/** How often the adapter asks the OS whether a network is up; the check is a cheap local call. */
const POLL_MS = 5_000;

/**
 * Tells `onChange` when the machine's network comes or goes. Electron's `net.isOnline()` only
 * knows whether an interface is up (a captive portal still counts as online), which is enough to
 * trigger a sync that then finds out for real.
 */
export function watchNetwork(onChange: (online: boolean) => void): () => void {
  let online = net.isOnline();
  const timer = setInterval(() => {
    const now = net.isOnline();
    if (now !== online) {
      online = now;
      onChange(now);
    }
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
