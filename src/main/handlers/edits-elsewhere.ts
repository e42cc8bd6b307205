import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import type { EditsElsewhereGroup } from '../../shared/ipc/edits';
import { CACHE_DATABASE } from '../cache/migrations';
import type { Edit } from '../outbox/edit';
import { ElsewhereReader, type ServiceEdits } from '../outbox/outbox-rows';
import { SettingsReader } from '../settings/settings-store';
import { bindingOptions, identifyDatabaseFile } from '../storage/database-file';
import { editView, EventNames, type EditNames } from './edits';

/*
 * Other services' edits not sent yet, as the edits panel and the quit question show them: the
 * open cache's edits for other addresses, and the closed cache of the other profile (the demo's
 * while a service is shown, the service's while the demo is). Read only: nothing here sends,
 * changes or deletes them.
 */

/**
 * The name an edit carries itself. The cache's events are another service's now, and one of them
 * may have the same code, so they are not asked.
 */
const carriedNames: EditNames = {
  of: (edit: Edit) => (edit.kind === 'create' ? edit.payload.name : (edit.base.name ?? null)),
};

function views(groups: readonly ServiceEdits[], names: (service: string) => EditNames) {
  return groups.map(({ service, edits }) => {
    const named = names(service);
    return { service, edits: edits.map((edit) => editView(edit, named)) };
  });
}

/** The open cache's edits for every service but `shown` (the one whose edits are listed). */
export function openCacheElsewhere(
  reader: ElsewhereReader,
  shown: string | null,
): EditsElsewhereGroup[] {
  return views(reader.others(shown), () => carriedNames);
}

export interface ClosedCache {
  file: string;
  /** The service a cache with no address set keeps edits for: `demo` for the demo's cache. */
  unsetScope: string | null;
  nativeBinding?: string;
}

/**
 * Every edit in a cache that is not open, by service: none when it was never made or predates the
 * outbox. It is opened read-only and closed again; the events it holds name its own service's
 * edits. A file that is not a Pitside cache throws, for the caller to report.
 */
export function closedCacheEdits({
  file,
  unsetScope,
  nativeBinding,
}: ClosedCache): EditsElsewhereGroup[] {
  if (!existsSync(file)) return [];
  // Looked at before it is opened: even a read-only connection leaves files beside a database.
  if (identifyDatabaseFile(file, CACHE_DATABASE, { nativeBinding }).kind === 'new') return [];
  const db = new Database(file, { ...bindingOptions({ nativeBinding }), readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    const hasOutbox = db
      .prepare<[], number>("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'")
      .pluck()
      .get();
    if (hasOutbox === undefined) return [];
    const own = new SettingsReader(db).baseUrl() ?? unsetScope;
    const names = new EventNames(db);
    return views(new ElsewhereReader(db).others(null), (service) =>
      service === own ? names : carriedNames,
    );
  } finally {
    db.close();
  }
}
