export const electronVersion: string;
export const electronAbi: string;
export function electronBinary(): string | null;
export function installElectronBinary(): boolean;
