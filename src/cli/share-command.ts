import type { Writable } from 'node:stream';
import { isWildcardHost } from '../main/share/share-hosts';
import { startShare, type RunningShare } from '../main/share/share-server';
import { openCacheForReading } from './data-dir';
import { EXIT, SetupError } from './errors';
import { writeLine } from './output';
import type { ShareCommand } from './share-args';
import type { SignalSource } from './sync-command';

export interface ShareIo {
  stdout: Writable;
  report: (line: string) => void;
  signals: SignalSource;
  /** What the share takes for now (a team's default season, client times); the system's by default. */
  clock?: () => Date;
}

/** Why the address cannot be listened on, in words; `null` for anything else. */
function listenProblem(error: unknown, host: string, port: number): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is in use; pick another with --port`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine`;
  if (code === 'EACCES') return `this user may not listen on port ${port}; pick one above 1023`;
  return null;
}

/**
 * Serves the cache in the data directory read-only until SIGINT or SIGTERM, which end it normally
 * (exit 0). The first two lines of stdout are the address and the key, for a script to read (on a
 * wildcard host, `also on URL` lines follow with the machine's other addresses); each laptop's
 * first read is reported on stderr.
 */
export async function runShare(command: ShareCommand, io: ShareIo): Promise<number> {
  const cache = openCacheForReading(command.dataDir);
  let share: RunningShare;
  try {
    share = await startShare({
      db: cache.db,
      host: command.host,
      port: command.port,
      rateLimit: command.rateLimit,
      ...(io.clock === undefined ? {} : { now: io.clock }),
      onNewClient: (client) => io.report(`${client.address} began reading at ${client.firstAt}`),
    });
  } catch (error) {
    cache.close();
    const problem = listenProblem(error, command.host, command.port);
    if (problem !== null) throw new SetupError(problem);
    throw error;
  }
  try {
    await writeLine(io.stdout, `sharing on ${share.url}`);
    await writeLine(io.stdout, `key ${share.key}`);
    // On a wildcard the machine's other network addresses answer too: a laptop may be on any.
    for (const url of share.urls.slice(1)) await writeLine(io.stdout, `also on ${url}`);
    if (isWildcardHost(command.host) && share.urls.every((url) => url.includes('127.0.0.1'))) {
      io.report('no network address on this machine yet: only this machine can reach the share');
    }
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      const stop = (received: NodeJS.Signals) => {
        io.signals.off('SIGINT', stop);
        io.signals.off('SIGTERM', stop);
        resolve(received);
      };
      io.signals.on('SIGINT', stop);
      io.signals.on('SIGTERM', stop);
    });
    const readers = share.clients();
    const reads = readers.reduce((sum, client) => sum + client.reads, 0);
    const unchanged = readers.reduce((sum, client) => sum + client.unchanged, 0);
    io.report(
      `${signal}: stopped sharing; ${readers.length} ${readers.length === 1 ? 'laptop' : 'laptops'} read from it (${reads} reads, ${unchanged} unchanged)`,
    );
    return EXIT.ok;
  } finally {
    await share.close();
    cache.close();
  }
}
