import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

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

/** `0.0.0.0` or `::`: every interface, which names no address another laptop can use. */
export function isWildcardHost(host: string): boolean {
  return WILDCARDS.has(host);
}

/** A link-local IPv6 address (fe80::/10) needs its zone in a URL, which other laptops cannot use. */
function isLinkLocal(address: string): boolean {
  return /^fe[89ab][0-9a-f]:/i.test(address);
}

/**
 * The addresses other laptops reach a share bound to `host` at: that address; on a wildcard, every
 * address of this machine's network interfaces but loopback (IPv4 first; IPv6 too on `::`, which
 * takes both), or loopback while there is no network, the one address that answers then.
 */
export function reachableAddresses(
  host: string,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  if (!WILDCARDS.has(host)) return [host];
  const entries = Object.values(interfaces).flatMap((list) => list ?? []);
  const external = (family: 'IPv4' | 'IPv6') =>
    entries
      .filter((entry) => entry.family === family && !entry.internal && !isLinkLocal(entry.address))
      .map((entry) => entry.address);
  const addresses = host === '::' ? [...external('IPv4'), ...external('IPv6')] : external('IPv4');
  return addresses.length > 0 ? addresses : ['127.0.0.1'];
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
