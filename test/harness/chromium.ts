import { existsSync } from 'node:fs';

/**
 * Debian's builds of Chromium, lightest first (Playwright cannot download its own here). The old
 * headless shell is what Playwright itself runs headless tests in: the browser tests took 350
 * CPU-s in it against about 615 in the full browser, with the same results. It is named by its
 * binary, not by the /usr/bin script, so that closing the browser ends the browser itself.
 */
export const SYSTEM_CHROMIUMS = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
] as const;

/** PITSIDE_CHROMIUM when set, else the lightest system Chromium, else Playwright's own. */
export function chromiumExecutable(): string | undefined {
  const configured = process.env.PITSIDE_CHROMIUM;
  if (configured !== undefined && configured !== '') return configured;
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path));
}

/** Root in a container needs --no-sandbox; the rest keeps Chromium off the network entirely. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
