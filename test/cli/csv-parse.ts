/**
 * A small RFC 4180 reader for the tests, written apart from src/shared/csv.ts so that a mistake in
 * the writer cannot be mirrored by the same mistake in the check.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else if (char === '"' || char === '\n' || char === '\r') {
      throw new Error(`unquoted ${JSON.stringify(char)} at offset ${index}`);
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || row.length > 0) throw new Error('the last record has no CRLF');
  return rows;
}
