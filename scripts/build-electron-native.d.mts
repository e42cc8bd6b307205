export const target: string;
export function isElectronBuild(binary: string): boolean;
export function buildElectronNative():
  { ok: true; target: string; reused: boolean } | { ok: false; reason: string };
