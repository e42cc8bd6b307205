import { utcText } from '../../../shared/utc-text';
import { dateRange, localDateTime } from '../format/dates';

/** A date in the person's time zone, the UTC instant on hover. */
export function DateText({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={utcText(iso)}>
      {localDateTime(iso)}
    </time>
  );
}

export function DateRange({ start, end }: { start: string; end: string }) {
  return (
    <time dateTime={start} title={`${utcText(start)} – ${utcText(end)}`}>
      {dateRange(start, end)}
    </time>
  );
}
