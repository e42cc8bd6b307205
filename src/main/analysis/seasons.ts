import { seasonFirstYear } from '../../shared/wire/formats';
import type { RatedMatch } from './math/rating-state';
import { SeasonReplay } from './math/season-replay';
import { seasonStart, type SeasonEnd } from './math/season-start';

/*
 * The Ratings of every season, oldest first: a season starts from how the two before it ended,
 * so a change in one season replays it from the changed match and the later seasons from their
 * start (they are short to replay next to a whole season's rescan).
 */

function seasonLabel(firstYear: number): string {
  return `${firstYear}-${firstYear + 1}`;
}

export class SeasonRatings {
  private readonly replays = new Map<string, SeasonReplay>();
  private readonly ends = new Map<string, SeasonEnd>();

  replay(season: string): SeasonReplay | undefined {
    return this.replays.get(season);
  }

  /**
   * Brings `seasons` up to date, reading a season's matches only when it is `dirty` or an earlier
   * season changed. Returns the seasons whose Ratings changed.
   */
  update(
    seasons: readonly string[],
    dirty: ReadonlySet<string>,
    matchesOf: (season: string) => RatedMatch[],
  ): string[] {
    for (const season of [...this.replays.keys()]) {
      if (!seasons.includes(season)) {
        this.replays.delete(season);
        this.ends.delete(season);
      }
    }
    const ordered = seasons.slice().sort((a, b) => seasonFirstYear(a) - seasonFirstYear(b));
    const changed: string[] = [];
    let earlierChanged = false;
    for (const season of ordered) {
      let replay = this.replays.get(season);
      if (replay !== undefined && !dirty.has(season) && !earlierChanged) continue;
      const year = seasonFirstYear(season);
      const start = seasonStart(
        this.ends.get(seasonLabel(year - 1)) ?? null,
        this.ends.get(seasonLabel(year - 2)) ?? null,
      );
      if (replay === undefined) {
        replay = new SeasonReplay(start);
        this.replays.set(season, replay);
      }
      const didChange = replay.update(matchesOf(season), start) || !this.ends.has(season);
      if (!didChange) continue;
      changed.push(season);
      earlierChanged = true;
      this.ends.set(season, {
        standing: replay.state.standings(),
        scales: replay.state.finalScales(),
      });
    }
    return changed;
  }
}
