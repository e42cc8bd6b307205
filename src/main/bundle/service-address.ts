import { z } from 'zod';
import { serviceUrlSchema } from '../../shared/ipc/settings';

/*
 * The service a bundle names is only the file's word, yet it becomes a profile the app syncs and
 * is written to the app's state. So it must be what a person could have typed as a profile's
 * address (http or https, no credentials: `serviceUrlSchema`), of a sane length, and an address a
 * competition service could answer on.
 *
 * Refused: link-local addresses (169.254.0.0/16, fe80::/10), where the cloud's instance metadata
 * answers (169.254.169.254; AWS also at fd00:ec2::254, Google at metadata.google.internal), and
 * the unspecified addresses (0.0.0.0/8, ::), which reach this very machine. A laptop pointed at
 * them would send its requests, and later its key, to whatever answers there. Loopback and
 * private networks stay allowed: a service on this laptop, a venue share on the hall's network.
 * Only the address as written is judged; nothing is looked up (there is no network to ask).
 */

/** Far above a real service's address (an origin and a short path), the practical URL limit. */
export const SERVICE_URL_MAX = 2048;

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog']);

function ipv4Octets(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  return parts.map(Number);
}

function isRefusedIpv4([first, second]: number[]): boolean {
  return first === 0 || (first === 169 && second === 254);
}

/** The eight groups of an IPv6 address as the URL parser writes it (hex, `::` compressed). */
function ipv6Groups(host: string): number[] | null {
  if (!host.startsWith('[') || !host.endsWith(']')) return null;
  const [head = '', tail] = host.slice(1, -1).split('::');
  const groupsOf = (text: string) => (text === '' ? [] : text.split(':'));
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  const groups = [...front, ...Array<string>(zeros).fill('0'), ...back].map((group) =>
    Number.parseInt(group, 16),
  );
  return groups.length === 8 && groups.every((group) => group >= 0) ? groups : null;
}

function isRefusedIpv6(groups: number[]): boolean {
  const [first = 0, second = 0, , , , sixth = 0, seventh = 0, eighth = 0] = groups;
  if (groups.every((group) => group === 0)) return true;
  if ((first & 0xffc0) === 0xfe80) return true;
  const awsMetadata =
    first === 0xfd00 &&
    second === 0x0ec2 &&
    groups.slice(2, 7).every((group) => group === 0) &&
    eighth === 0x254;
  if (awsMetadata) return true;
  // An IPv4 address mapped into IPv6 reaches that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && sixth === 0xffff) {
    return isRefusedIpv4([seventh >> 8, seventh & 0xff]);
  }
  return false;
}

/** Whether `url` (parsed) is on a link-local, metadata or unspecified address. */
export function isLinkLocalOrMetadata(url: URL): boolean {
  // The URL parser has already turned `2852039166` or `0xa9.254.169.254` into dotted decimal.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return true;
  const octets = ipv4Octets(host);
  if (octets !== null) return isRefusedIpv4(octets);
  const groups = ipv6Groups(host);
  return groups !== null && isRefusedIpv6(groups);
}

export const bundleServiceSchema = z
  .string()
  .max(SERVICE_URL_MAX, `must be at most ${SERVICE_URL_MAX.toLocaleString('en-US')} characters`)
  .pipe(serviceUrlSchema)
  .refine(
    (text) => URL.canParse(text) && !isLinkLocalOrMetadata(new URL(text)),
    'is a link-local or metadata address, where no competition service answers',
  );
