import type { Statement } from 'better-sqlite3';
import type { AppDatabase } from '../../storage/database';

/** Temporary codes of events created here that the service has since named. */
export class EventAliases {
  private readonly selectTarget: Statement<[string], string>;

  constructor(reader: AppDatabase) {
    this.selectTarget = reader
      .prepare<[string], string>('SELECT event_id FROM event_aliases WHERE local_id = ?')
      .pluck();
  }

  /** The service's code for a replaced temporary code; any other code as it is. */
  resolve(eventId: string): string {
    return this.selectTarget.get(eventId) ?? eventId;
  }
}
