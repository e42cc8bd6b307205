import type { FieldProps } from './FormField';
import { FormField } from './FormField';
import { utcText } from '../../../../shared/utc-text';
import { clockChangeShift, localInputToIso } from './local-time';

/** What the service will store, beside the field: the UTC instant, and a skipped hour's shift. */
function utcHint(text: string): string {
  const iso = localInputToIso(text);
  if (iso === null) return 'Stored in UTC once a date and time are set';
  const shifted = clockChangeShift(text);
  const stored = `Stored as ${utcText(iso)}`;
  return shifted === null
    ? stored
    : `${stored}: the clocks skip the time typed here, so it is read as ${shifted.replace('T', ' ')}`;
}

/** A date and time typed on this machine's clock, with the UTC instant it stands for. */
export function DateTimeField(props: Omit<FieldProps, 'type' | 'hint'>) {
  return <FormField {...props} type="datetime-local" hint={utcHint(props.value)} />;
}
