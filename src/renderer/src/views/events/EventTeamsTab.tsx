import { Link } from 'react-router';
import type { TeamListAnswer } from '../../../../shared/ipc/reads';
import { ExportButton } from '../../components/ExportButton';
import { Freshness } from '../../components/Freshness';
import { StateMessage } from '../../components/StateMessage';
import { paths } from '../../routes';
import type { Remote } from '../../stores/query-store';
import { fullPlace } from './location';
import { neverSynced, PartState } from './PartState';

/** Every team registered for the event, in the service's order, each linking to its page. */
export function EventTeamsTab({
  eventId,
  teams,
}: {
  eventId: string;
  teams: Remote<TeamListAnswer>;
}) {
  return (
    <section aria-label="Teams at this event" data-testid="event-teams">
      <div className="tab-toolbar">
        <Freshness freshness={teams.value?.freshness} />
        <ExportButton list={{ list: 'eventTeams', eventId }} label="Export teams CSV" />
      </div>
      <PartState remote={teams} what="teams">
        {(answer) =>
          answer.data.length === 0 ? (
            <StateMessage kind="empty">
              {neverSynced(answer.freshness)
                ? 'This event’s teams are not synced yet: they appear here as the sync brings them.'
                : 'No teams registered yet for this event.'}
            </StateMessage>
          ) : (
            <table className="data event-teams-table" data-testid="event-teams-table">
              <caption className="visually-hidden">Teams at this event</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Team
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">School</th>
                  <th scope="col">Location</th>
                  <th scope="col" className="num">
                    Rookie year
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.data.map((team) => (
                  <tr key={team.number} data-testid="event-team-row">
                    <td className="num">
                      <Link to={paths.team(team.number)}>{team.number}</Link>
                    </td>
                    <td>{team.name}</td>
                    <td className="muted">{team.school}</td>
                    <td>{fullPlace(team)}</td>
                    <td className="num">{team.rookie}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </PartState>
    </section>
  );
}
