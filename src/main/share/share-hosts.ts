import { networkInterfaces } from 'node:os';

const WILDCARDS = new Set(['0.0.0.0', '::']);
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** `host:port` as a Host header carries it (an IPv6 address in brackets), lowercased. */
export function hostHeader(address: string, port: number): string {
  return `${address.includes(':') ? `[${address}]` : address}:${port}`.toLowerCase();
}

/** An address of this machine a share may listen on. */
export interface LocalInterface {
  name: string;
  address: string;
  loopback: boolean;
}

/** This machine's IPv4 addresses, loopback first: what a person picks a share's network from. */
export function localInterfaces(): LocalInterface[] {
  return Object.entries(networkInterfaces())
    .flatMap(([name, entries]) =>
      (entries ?? [])
        .filter((entry) => entry.family === 'IPv4')
        .map((entry) => ({ name, address: entry.address, loopback: entry.internal })),
    )
    .sort((a, b) => Number(b.loopback) - Number(a.loopback));
}

/** Every address of this machine's interfaces. */
function localAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).map((entry) => entry.address),
  );
}

/**
 * The Host values that name a share bound to `host`: that address, and every name of loopback on a
 * loopback share; on a wildcard bind (which the person must ask for), every local address. Any
 * other name is refused: a name only a rebinding attack would send. `names` adds others (the
 * `.local` name mDNS advertises).
 */
export function shareHosts(host: string, port: number, names: readonly string[] = []): Set<string> {
  const addresses = WILDCARDS.has(host)
    ? [...localAddresses(), 'localhost']
    : LOOPBACK.has(host)
      ? [host, ...LOOPBACK]
      : [host];
  return new Set([...addresses, ...names].map((address) => hostHeader(address, port)));
}
