import { formatTimestamp } from '../../shared/wire/formats';
import type { ApiClient } from '../api/client';
import type { WriteQueue } from '../cache/write-queue';
import type { AppDatabase } from '../storage/database';
import { keyTagOf } from '../sync/connect';
import {
  probeRole,
  RoleMemory,
  type RoleEvidence,
  type RoleHolder,
  type RoleKnowledge,
} from './role';

/** A role learned longer ago than this is asked again: an administrator may change it. */
const ROLE_MAX_AGE_MS = 24 * 60 * 60_000;

export interface RoleLearnerOptions {
  writer: AppDatabase;
  queue: WriteQueue;
  /** The service the key's role is kept for; none: nothing to learn. */
  scope: () => string | null;
  connect: () => Promise<ApiClient>;
  now: () => Date;
}

/**
 * What the key may do at the current service: learned from the answers to requests sent with it
 * (every write's, and a probe's), and asked in the background when a view wants to know and it is
 * unknown or a day old. A new key starts unknown, whatever the one before it could do.
 */
export class RoleLearner {
  private readonly memory: RoleMemory;
  private probe: Promise<void> | null = null;

  constructor(private readonly options: RoleLearnerOptions) {
    this.memory = new RoleMemory(options.writer, options.queue.changes);
  }

  async known(): Promise<RoleKnowledge> {
    return this.memory.get(await this.holder());
  }

  /** Resolves once no probe is under way. */
  idle(): Promise<void> {
    return this.probe ?? Promise.resolve();
  }

  /**
   * What one answer to a request `client` sent says, kept for `scope` and the key the request
   * carried, unless the service changed meanwhile.
   */
  learn(scope: string, client: ApiClient, evidence: RoleEvidence): Promise<void> {
    const at = formatTimestamp(this.options.now());
    const holder = { scope, keyTag: keyTagOf(client) };
    return this.options.queue.runFirst(() => {
      if (this.options.scope() === scope) this.memory.learn(holder, evidence, at);
    });
  }

  /**
   * Asks the service with two requests that change nothing (see `probeRole`). Not knowing is no
   * failure: the organizer actions then show, and the first real edit's answer teaches the role.
   */
  learnInBackground(): void {
    const scope = this.options.scope();
    if (scope === null || this.probe !== null) return;
    this.probe = (async () => {
      try {
        const client = await this.options.connect();
        const known = this.memory.get({ scope, keyTag: keyTagOf(client) });
        const age =
          known.learnedAt === null
            ? Infinity
            : this.options.now().getTime() - Date.parse(known.learnedAt);
        if (known.role !== null && age < ROLE_MAX_AGE_MS) return;
        for (const evidence of await probeRole(client)) await this.learn(scope, client, evidence);
      } catch {
        // Offline, no key, no service: the next view that asks tries again.
      } finally {
        this.probe = null;
      }
    })();
  }

  /** The current service and the key a request would carry now; null with no service. */
  private async holder(): Promise<RoleHolder | null> {
    const scope = this.options.scope();
    if (scope === null) return null;
    try {
      return { scope, keyTag: keyTagOf(await this.options.connect()) };
    } catch {
      // No key to be read (keychain locked, nothing configured): no role is known for it.
      return null;
    }
  }
}
