import type { EventStatus, StreamStatus, Visibility } from '../../../shared/wire/event';

const STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  past: 'Past',
};

export function StatusBadge({ status }: { status: EventStatus }) {
  return (
    <span className={status === 'live' ? 'badge accent' : 'badge'}>{STATUS_LABELS[status]}</span>
  );
}

const STREAM_LABELS: Record<StreamStatus, string | null> = {
  none: null,
  scheduled: 'Stream scheduled',
  live: 'Live now',
  ended: 'Stream ended',
};

/** A live stream is a small "Live now" badge; no stream shows nothing. */
export function StreamBadge({ streamStatus }: { streamStatus: StreamStatus }) {
  const label = STREAM_LABELS[streamStatus];
  if (label === null) return null;
  return <span className={streamStatus === 'live' ? 'badge live' : 'badge'}>{label}</span>;
}

export function VisibilityBadge({ visibility }: { visibility: Visibility | null }) {
  if (visibility === null || visibility === 'public') return null;
  return <span className="badge">{visibility === 'unlisted' ? 'Unlisted' : 'Private'}</span>;
}
