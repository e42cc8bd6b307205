/**
 * An instant as a person reads it in UTC: "2026-03-14 09:00 UTC", or to the second. The text is
 * read as an instant, never cut up as it came: `11:00:00+02:00` is 09:00 UTC, and seconds are
 * cut off rather than rounded into the next minute. `''` for text that names no instant.
 */
export function utcText(iso: string, precision: 'minute' | 'second' = 'minute'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const text = instant.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, precision === 'minute' ? 16 : 19)} UTC`;
}
