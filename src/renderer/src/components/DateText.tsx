import { dateRange, localDateTime, utcTitle } from '../format/dates';

/** A date in the person's time zone, the UTC instant on hover. */
export function DateText({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={utcTitle(iso)}>
      {localDateTime(iso)}
    </time>
  );
}

export function DateRange({ start, end }: { start: string; end: string }) {
  return (
    <time dateTime={start} title={`${utcTitle(start)} – ${utcTitle(end)}`}>
      {dateRange(start, end)}
    </time>
  );
}
