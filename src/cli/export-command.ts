import type { Writable } from 'node:stream';
import { formatTimestamp } from '../shared/wire/formats';
import type { ExportCommand } from './args';
import { csvRecordRow, csvRow } from '../shared/csv';
import { openCacheForReading } from './data-dir';
import { EXIT } from './errors';
import { RESOURCE_EXPORTS } from './exports';
import { ChunkedOutput } from './output';

/** A JSON array with one record per line: still one document, and easy to skim or grep. */
export async function writeJson(records: Iterable<object>, output: ChunkedOutput): Promise<void> {
  let first = true;
  for (const record of records) {
    await output.write(`${first ? '[\n' : ',\n'}${JSON.stringify(record)}`);
    first = false;
  }
  await output.write(first ? '[]\n' : '\n]\n');
}

export async function writeCsv(
  records: Iterable<object>,
  columns: readonly string[],
  output: ChunkedOutput,
): Promise<void> {
  await output.write(csvRow(columns));
  for (const record of records) await output.write(csvRecordRow(record, columns));
}

/**
 * Prints the cached records of one resource. It reads the cache only: no network, no key, and
 * the database is opened read-only. Rows are read one at a time inside one read snapshot, so a
 * sync committing meanwhile changes nothing in an export under way.
 */
export async function runExport(
  command: ExportCommand,
  stdout: Writable,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const cache = openCacheForReading(command.dataDir);
  try {
    const resource = RESOURCE_EXPORTS[command.resource];
    const records = resource.records(cache.db, command.now ?? formatTimestamp(clock()));
    const output = new ChunkedOutput(stdout);
    if (command.format === 'json') await writeJson(records, output);
    else await writeCsv(records, resource.columns, output);
    await output.end();
  } finally {
    cache.close();
  }
  return EXIT.ok;
}
