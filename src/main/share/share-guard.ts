import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../server/errors';

/** What a share answers: reads, and nothing else. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Who may ask a share, checked before its key. Any web page the person has open can send requests
 * to a laptop on the venue network (or to 127.0.0.1), and a page whose name is rebound to that
 * address can read the answers. Pitside's sync sends neither Origin nor Sec-Fetch-Site, and names
 * the share by its address, so:
 * - the Host must be one the share listens on (a rebound name is refused, whatever key it sends);
 * - a request a browser marks as coming from a page (Origin, or Sec-Fetch-Site other than `none`)
 *   is refused;
 * - a write is refused with 405 before anything else is looked at: a share never takes writes.
 */
export function installShareGuard(app: FastifyInstance, hosts: () => ReadonlySet<string>): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers, method } = request.raw;
    if (!hosts().has((headers.host ?? '').toLowerCase())) {
      done(new HttpError('forbidden', 'This share answers only requests to its own address.'));
      return;
    }
    const site = headers['sec-fetch-site'];
    if (headers.origin !== undefined || (site !== undefined && site !== 'none')) {
      done(new HttpError('forbidden', 'A share does not answer web pages.'));
      return;
    }
    if (!READ_METHODS.has(method ?? '')) {
      done(
        new HttpError('method_not_allowed', 'A share is read-only: it answers GET only.', [], {
          allow: 'GET, HEAD',
        }),
      );
      return;
    }
    done();
  });
}
