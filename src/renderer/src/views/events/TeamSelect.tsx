import type { TeamListItem } from '../../../../shared/wire/team';

/**
 * The event's teams as a filter (the address's `team`, shared by the Matches and Clips tabs so
 * a team picked on one is kept on the other). A team in the address the list does not hold yet
 * is still shown as chosen.
 */
export function TeamSelect({
  teams,
  value,
  onChange,
}: {
  /** The event's teams; empty until read. */
  teams: readonly TeamListItem[];
  value: number | undefined;
  onChange: (value: string) => void;
}) {
  const known = value === undefined || teams.some((team) => team.number === value);
  return (
    <label>
      Team
      <select
        className="select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All teams</option>
        {!known && <option value={value}>{value}</option>}
        {teams.map((team) => (
          <option key={team.number} value={team.number}>
            {team.number} · {team.name}
          </option>
        ))}
      </select>
    </label>
  );
}
