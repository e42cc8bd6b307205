import { generateDataset } from './demo/generate';
import { buildApp } from './app';
import { createClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { createServices } from './services';
import type { EventRepository } from './store/events';
import { importDataset } from './store/import';
import { openServerDatabase, type ServerDatabase } from './store/schema';

export interface RunningServer {
  /** `http://host:port`, no trailing slash; the real port when 0 was asked for. */
  url: string;
  close(): Promise<void>;
}

/** An empty store gets the named data set; a store that holds events is left as it is. */
function seed(
  db: ServerDatabase,
  events: EventRepository,
  config: ServerConfig,
  clock: Clock,
): void {
  if (config.data !== 'none' && events.isEmpty()) {
    importDataset(db, generateDataset({ size: config.data, seed: config.seed, now: clock.now() }));
  }
  events.recordExistingIds();
}

function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const clock = createClock(config.now);
  const db = openServerDatabase(config.db, config.nativeBinding);
  try {
    const services = createServices(db, clock, config.extensions);
    seed(db, services.events, config, clock);
    const app = buildApp(config, services);
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    return {
      url: urlOf(config.host, port),
      close: async () => {
        await app.close();
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
