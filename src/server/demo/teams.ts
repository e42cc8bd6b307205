import type { DatasetTeam } from '../store/dataset';
import type { Season } from './calendar';
import { schoolName, teamName, teamWebsite } from './names';
import { homePlaces, type Place } from './places';
import type { Random } from './random';
import { FTC_SHARE, type Program } from './sizes';

/** A team plus what the generator needs to know to schedule and score it. */
export interface DemoTeam {
  record: DatasetTeam;
  program: Program;
  place: Place;
  /** `US|CA`: teams mostly attend events of their own region. */
  regionKey: string;
  /** Its usual level, about 1 for an average team; each season's strength drifts from it. */
  strength: number;
}

export function regionKeyOf(place: Place): string {
  return `${place.country.code}|${place.state}`;
}

/*
 * Team numbers are handed out in order, so a low number means an old team. These points map a
 * number to how many years before the latest season it was a rookie.
 */
const FRC_AGE_BY_NUMBER: readonly (readonly [number, number])[] = [
  [1, 34],
  [100, 29],
  [500, 25],
  [1000, 23],
  [2000, 19],
  [3000, 17],
  [4000, 14],
  [5000, 12],
  [6000, 10],
  [7000, 8],
  [8000, 6],
  [9000, 3],
  [9999, 0],
];
const FTC_AGE_BY_NUMBER: readonly (readonly [number, number])[] = [
  [10000, 11],
  [15000, 8],
  [20000, 4],
  [25000, 1],
  [30000, 0],
  [99999, 0],
];

function ageOf(number: number, table: readonly (readonly [number, number])[]): number {
  for (let i = 1; i < table.length; i++) {
    const [highNumber, highAge] = table[i] as readonly [number, number];
    const [lowNumber, lowAge] = table[i - 1] as readonly [number, number];
    if (number <= highNumber) {
      return Math.round(
        lowAge + ((number - lowNumber) / (highNumber - lowNumber)) * (highAge - lowAge),
      );
    }
  }
  return 0;
}

function frcNumbers(random: Random, count: number): number[] {
  const all = Array.from({ length: 9999 }, (_, index) => index + 1);
  return random.sample(all, count);
}

/** Five-digit numbers, most of them in the range that is really in use. */
function ftcNumbers(random: Random, count: number): number[] {
  const taken = new Set<number>();
  while (taken.size < count) {
    taken.add(random.chance(0.85) ? random.int(10_000, 29_999) : random.int(30_000, 99_999));
  }
  return [...taken];
}

/** `count` teams with unique numbers, sorted by number; `latestSeason` anchors rookie years. */
export function generateTeams(random: Random, count: number, latestSeason: Season): DemoTeam[] {
  const ftcCount = Math.round(count * FTC_SHARE);
  const numbered: { number: number; program: Program }[] = [
    ...frcNumbers(random, count - ftcCount).map((number) => ({ number, program: 'frc' as const })),
    ...ftcNumbers(random, ftcCount).map((number) => ({ number, program: 'ftc' as const })),
  ];
  numbered.sort((a, b) => a.number - b.number);

  const home = homePlaces(random, count);
  // A season is named for both its years, but a rookie year after the year it began would lie in
  // the future for much of the season.
  const latestYear = latestSeason.firstYear;
  const usedNames = new Set<string>();
  return numbered.map(({ number, program }) => {
    const place = random.pickWeighted(home.places, home.weights);
    const age = ageOf(number, program === 'frc' ? FRC_AGE_BY_NUMBER : FTC_AGE_BY_NUMBER);
    const rookie = Math.min(latestYear, latestYear - age + random.int(-1, 1));
    let name = teamName(random, place);
    // Real teams do share names now and then, but a list full of twins looks generated.
    for (let attempt = 0; attempt < 4 && usedNames.has(name); attempt++) {
      name = teamName(random, place);
    }
    usedNames.add(name);
    const experience = Math.min(latestYear - rookie, 15);
    const strength = Math.min(1.9, Math.max(0.35, random.normal(0.88 + experience * 0.016, 0.2)));
    return {
      record: {
        number,
        name,
        school: schoolName(random, place),
        city: place.city,
        state: place.state,
        country: place.country.code,
        rookie,
        website: teamWebsite(random, number, name),
      },
      program,
      place,
      regionKey: regionKeyOf(place),
      strength,
    };
  });
}
