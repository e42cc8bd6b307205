import type { Page, Route } from '@playwright/test';

/** A bridge command as the preview's page sends it: `{ name, input }`. */
interface BridgeCall {
  name: string;
  input: unknown;
}

function callOf(route: Route): BridgeCall | null {
  const body = route.request().postDataJSON() as unknown;
  if (typeof body !== 'object' || body === null || !('name' in body)) return null;
  return body as BridgeCall;
}

/**
 * Failure injection at the page's edge: bridge commands that `matches` picks are held (answered
 * once `release` is called) or failed, on their way from the page to the preview. Everything
 * else, and a held command once released, reaches the real main process.
 */
export async function interceptBridge(
  page: Page,
  matches: (call: BridgeCall) => boolean,
  how: { hold: true } | { fail: { code: string; message: string } },
): Promise<{ release: () => void; seen: () => number }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route(/__ipc/, async (route) => {
    const call = callOf(route);
    if (call === null || !matches(call)) return route.fallback();
    seen += 1;
    if ('fail' in how) return route.fulfill({ json: { ok: false, error: how.fail } });
    await released;
    return route.fallback();
  });
  return { release, seen: () => seen };
}
