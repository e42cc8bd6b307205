import { existsSync } from 'node:fs';

/** Debian's Chromium when installed (Playwright cannot download its own here), else Playwright's. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export function chromiumExecutable(): string | undefined {
  const configured = process.env.PITSIDE_CHROMIUM;
  if (configured !== undefined && configured !== '') return configured;
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
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
