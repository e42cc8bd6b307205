import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventAnswer } from '../../../../shared/ipc/reads';
import type { Visibility } from '../../../../shared/wire/event';
import { StatusBadge, StreamBadge } from '../../components/Badges';
import { DateRange } from '../../components/DateText';
import { Freshness } from '../../components/Freshness';
import { paths } from '../../routes';
import { KeepOfflineButton } from './KeepOfflineButton';
import { fullPlace } from './location';

const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
};

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * The event's name, then the facts a scout looks for: when, where, whether it is on now.
 * `badges` and `actions` are the organizer's: what is not sent yet, and what they may change.
 */
export function EventHeader({
  answer,
  badges,
  actions,
}: {
  answer: EventAnswer;
  badges?: ReactNode;
  actions?: ReactNode;
}) {
  const event = answer.data;
  const { venue } = event.location;
  return (
    <header className="event-header" data-testid="event-header">
      <div className="page-header">
        <h1>{event.name}</h1>
        <span className="event-badges">
          <StatusBadge status={event.status} />
          <StreamBadge streamStatus={event.streamStatus} />
          {badges}
        </span>
        <Freshness freshness={answer.freshness} />
        <div className="actions">
          {actions}
          <KeepOfflineButton eventId={event.id} />
        </div>
      </div>
      <dl className="facts">
        <Fact label="Code" testId="event-code">
          <code className="event-code">{event.id}</code>
        </Fact>
        <Fact label="Dates" testId="event-dates">
          <DateRange start={event.startDate} end={event.endDate} />
        </Fact>
        <Fact label="Season" testId="event-season">
          <Link to={paths.events({ season: event.season })}>{event.season}</Link>
        </Fact>
        {venue !== '' && (
          <Fact label="Venue" testId="event-venue">
            {venue}
          </Fact>
        )}
        <Fact label="Location" testId="event-location">
          {fullPlace(event.location)}
        </Fact>
        {event.visibility !== null && (
          <Fact label="Visibility" testId="event-visibility">
            {VISIBILITY_LABELS[event.visibility]}
          </Fact>
        )}
      </dl>
    </header>
  );
}
