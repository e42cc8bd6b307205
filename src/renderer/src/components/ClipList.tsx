import { PlayCircle } from 'lucide-react';
import type { ClipRecord } from '../../../shared/wire/clip';
import { useActions } from '../stores/actions';
import { DateText } from './DateText';

function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Clips open in the system browser, through main (https only); the app never navigates away. */
export function ClipList({ clips, caption }: { clips: readonly ClipRecord[]; caption: string }) {
  const openLink = useActions((state) => state.openLink);
  return (
    <table className="data" data-testid="clip-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Clip</th>
          <th scope="col">Match</th>
          <th scope="col" className="num">
            Teams
          </th>
          <th scope="col" className="num">
            Length
          </th>
          <th scope="col">Recorded</th>
        </tr>
      </thead>
      <tbody>
        {clips.map((clip) => (
          <tr key={clip.id}>
            <td>
              <button
                type="button"
                className="button link"
                onClick={() => void openLink(clip.url)}
                title={clip.url}
              >
                <PlayCircle size={14} aria-hidden="true" /> {clip.title}
              </button>
            </td>
            <td>{clip.matchId ?? <span className="muted">—</span>}</td>
            <td className="num">{clip.teamNumbers.join(' ')}</td>
            <td className="num">{duration(clip.durationSeconds)}</td>
            <td>
              <DateText iso={clip.recordedAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
