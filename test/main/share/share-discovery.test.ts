import { Bonjour } from 'bonjour-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertiseShare, NearbyShares, shareName } from '../../../src/main/share/share-discovery';
import { localInterfaces } from '../../../src/main/share/share-hosts';

/*
 * "Shares nearby" over real mDNS on this machine's network. Where the network drops multicast no
 * share can be found, ours or any: a probe with the library alone says so first, and the test is
 * then skipped with that reason instead of failing on the network.
 */

const lan = localInterfaces().find((entry) => !entry.loopback);

async function multicastWorks(): Promise<boolean> {
  const publisher = new Bonjour({}, () => undefined);
  const listener = new Bonjour({}, () => undefined);
  try {
    publisher.publish({ name: 'probe', type: 'pitside-probe', port: 9 });
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 4_000);
      listener.find({ type: 'pitside-probe' }, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  } finally {
    publisher.unpublishAll();
    publisher.destroy();
    listener.destroy();
  }
}

let reachable = false;
beforeAll(async () => {
  reachable = lan !== undefined && (await multicastWorks());
  if (!reachable) {
    console.log(
      'share discovery: skipped, this machine has no network that carries multicast (mDNS)',
    );
  }
});

describe('shares nearby', () => {
  const changes: number[] = [];
  const nearby = new NearbyShares(() => changes.push(Date.now()));
  afterAll(() => nearby.stop());

  it('lists a share announced on the network with its address, and drops it when it stops', async (context) => {
    if (!reachable || lan === undefined) {
      context.skip('this machine has no network that carries multicast (mDNS)');
      return;
    }
    nearby.start();
    const url = `http://${lan.address}:47399/`;
    const advert = advertiseShare({ host: lan.address, port: 47399, url });
    try {
      await expect
        .poll(() => nearby.list(null), { timeout: 8_000 })
        .toEqual([{ name: shareName(), url }]);
      // Our own share is not "nearby".
      expect(nearby.list(url)).toEqual([]);
      expect(changes.length).toBeGreaterThan(0);
    } finally {
      await advert.stop();
    }
    await expect.poll(() => nearby.list(null), { timeout: 8_000 }).toEqual([]);
  });
});
