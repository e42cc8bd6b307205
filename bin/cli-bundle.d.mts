/** The path of the command line's bundle under `root`, built first if needed; null if it cannot be. */
export function cliBundle(root: string): Promise<string | null>;
