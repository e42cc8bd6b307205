import type { DataLayer } from '../data-layer';
import type { Handlers } from '../ipc/dispatcher';
import { listCsv } from '../export/list-csv';
import type { Platform } from '../platform/platform';

export interface ExportDeps {
  /** Runs `use` on the layer open now, which stays open until it is done. */
  withLayer: <Result>(use: (layer: DataLayer) => Promise<Result>) => Promise<Result>;
  platform: Pick<Platform, 'saveFile'>;
}

export function createExportHandlers({
  withLayer,
  platform,
}: ExportDeps): Pick<Handlers, 'export:csv'> {
  return {
    'export:csv': async (list) => {
      const file = await withLayer((layer) =>
        listCsv(
          {
            reads: layer.handlers,
            reader: layer.cache.reader,
            own: { pickLists: layer.pickLists, notes: layer.notes },
          },
          list,
        ),
      );
      const saved = await platform.saveFile({
        suggestedName: file.suggestedName,
        content: file.csv,
      });
      if (saved === null) return { saved: false, path: null, rows: 0 };
      return { saved: true, path: saved.path, rows: file.rows };
    },
  };
}
