import { Bonjour, type Browser, type Service, type ServiceConfig } from 'bonjour-service';
import { hostname } from 'node:os';
import type { NearbyShare } from '../../shared/ipc/share';

/** DNS-SD service type `_pitside._tcp`: what a share is advertised and looked for as. */
const SERVICE_TYPE = 'pitside';
/** TXT `v`: the version of what the record says, for a later change to its fields. */
const RECORD_VERSION = '1';

/** This laptop as the other laptops list it: its host name, as the network knows it. */
export function shareName(): string {
  return hostname().replace(/\.local$/, '') || 'Pitside';
}

export interface Advert {
  stop(): Promise<void>;
}

/**
 * Announces a share over mDNS on the one network it listens on, with its address in the TXT
 * record (the A records list every address of the machine; the share answers on one). A share on
 * loopback is not announced: no other laptop could reach it.
 */
export function advertiseShare(share: { host: string; port: number; url: string }): Advert {
  // The constructor's options go to multicast-dns as they are (its `interface` picks the network
  // the announcements go out on); bonjour-service's typings name them after a service's.
  const sockets = { interface: share.host } as unknown as Partial<ServiceConfig>;
  const bonjour = new Bonjour(sockets, () => undefined);
  bonjour.publish({
    name: shareName(),
    type: SERVICE_TYPE,
    port: share.port,
    txt: { v: RECORD_VERSION, url: share.url },
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        bonjour.unpublishAll(() => {
          bonjour.destroy();
          resolve();
        });
      }),
  };
}

/** The address a found share gives: the one in its record, else its first IPv4 address. */
function urlOf(service: Service): string | null {
  const txt = service.txt as Record<string, unknown> | undefined;
  if (txt?.v === RECORD_VERSION && typeof txt.url === 'string' && /^http:\/\//.test(txt.url)) {
    return txt.url;
  }
  const address = service.addresses?.find((candidate) => !candidate.includes(':'));
  return address === undefined ? null : `http://${address}:${service.port}/`;
}

/**
 * The shares other laptops announce, as they come and go ("Shares nearby"). Where the network
 * drops multicast the list simply stays empty: typing the address and key works everywhere.
 */
export class NearbyShares {
  private bonjour: Bonjour | null = null;
  private browser: Browser | null = null;

  constructor(private readonly changed: () => void) {}

  list(ownUrl: string | null): NearbyShare[] {
    const services = this.browser?.services ?? [];
    const found = services.flatMap((service): NearbyShare[] => {
      const url = urlOf(service);
      return url === null || url === ownUrl ? [] : [{ name: service.name, url }];
    });
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Starts looking, once; on every network (the browser must hear multicast, so binds to all). */
  start(): void {
    if (this.bonjour !== null) return;
    this.bonjour = new Bonjour({}, () => undefined);
    this.browser = this.bonjour.find({ type: SERVICE_TYPE });
    this.browser.on('up', this.changed);
    this.browser.on('down', this.changed);
  }

  stop(): void {
    this.browser?.stop();
    this.bonjour?.destroy();
    this.browser = null;
    this.bonjour = null;
  }
}
