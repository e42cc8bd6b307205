import { TEAM_NUMBER_MAX } from '../../../shared/wire/formats';

/** Text as one FTS5 phrase in one column: quoted, its own quotes doubled, so nothing is syntax. */
export function ftsPhrase(column: string, text: string): string {
  return `${column} : "${text.replaceAll('"', '""')}"`;
}

/** Every number range whose members start with `digits`, shortest first: 25, 250–259, 2500–2599… */
export function numberPrefixRanges(digits: string): [number, number][] {
  if (!/^[1-9]\d*$/.test(digits)) return [];
  const ranges: [number, number][] = [];
  for (let scale = 10; Number(digits) * scale <= TEAM_NUMBER_MAX; scale *= 10) {
    const low = Number(digits) * scale;
    ranges.push([low, Math.min(low + scale - 1, TEAM_NUMBER_MAX)]);
  }
  return ranges;
}
