import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { reachableAddresses } from '../../../src/main/share/share-hosts';

/* The addresses `pitside share` gives out: what another laptop can type, never 0.0.0.0. */

function entry(address: string, internal = false): NetworkInterfaceInfo {
  const family = address.includes(':') ? 'IPv6' : 'IPv4';
  const common = { address, netmask: '', mac: '00:00:00:00:00:00', internal, cidr: null };
  return family === 'IPv6' ? { ...common, family, scopeid: 0 } : { ...common, family };
}

const MACHINE = {
  lo: [entry('127.0.0.1', true), entry('::1', true)],
  eth0: [entry('192.168.1.20'), entry('fd00::2'), entry('fe80::fc:ff:fe00:1')],
  wlan0: [entry('10.0.0.5')],
};

describe('the addresses a share can be reached at', () => {
  it('on 0.0.0.0: every IPv4 address of the machine but loopback', () => {
    expect(reachableAddresses('0.0.0.0', MACHINE)).toEqual(['192.168.1.20', '10.0.0.5']);
  });

  it('on ::, the IPv6 ones too, but link-local (a URL cannot name it without its zone)', () => {
    expect(reachableAddresses('::', MACHINE)).toEqual(['192.168.1.20', '10.0.0.5', 'fd00::2']);
  });

  it('on a wildcard with no network yet: loopback, the one address that answers', () => {
    expect(reachableAddresses('0.0.0.0', { lo: MACHINE.lo })).toEqual(['127.0.0.1']);
  });

  it('on one address: that address', () => {
    expect(reachableAddresses('192.168.1.20', MACHINE)).toEqual(['192.168.1.20']);
    expect(reachableAddresses('127.0.0.1', MACHINE)).toEqual(['127.0.0.1']);
  });
});
