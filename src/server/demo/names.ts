import type { Place } from './places';
import type { Random } from './random';

/*
 * Invented names in the styles robotics teams, schools and venues really use. Word lists are kept
 * generic on purpose: the demo must not impersonate real teams.
 */

/** Word lists are written as one comma-separated text each, which keeps them compact. */
function words(list: string): readonly string[] {
  return list.split(', ');
}

const ADJECTIVES = words(
  'Copper, Quantum, Midnight, Rusty, Voltaic, Crimson, Cobalt, Thunder, Atomic, Electric, ' +
    'Frozen, Golden, Silver, Titanium, Neon, Solar, Lunar, Stellar, Binary, Digital, Wired, ' +
    'Rapid, Clever, Mighty, Wild, Howling, Flying, Rolling, Spinning, Blazing, Silent, Bold, ' +
    'Lucky, Phantom, Galactic, Kinetic, Hydraulic, Magnetic, Turbo, Sonic, Granite, Emerald, ' +
    'Scarlet, Amber, Violet, Arctic, Desert, Prairie, Harbor, Canyon, Summit, Tidal, Feral, ' +
    'Cosmic',
);

const CREATURES = words(
  'Otters, Gearhounds, Sprockets, Falcons, Foxes, Ravens, Owls, Herons, Badgers, Lynxes, ' +
    'Bison, Moose, Narwhals, Squids, Yetis, Golems, Automatons, Tinkerers, Wrenches, ' +
    'Pistons, Circuits, Bolts, Rivets, Cogs, Dynamos, Comets, Meteors, Voyagers, Pioneers, ' +
    'Rangers, Knights, Pirates, Vikings, Dragons, Griffins, Hornets, Mantises, Beetles, ' +
    'Geckos, Chameleons, Armadillos, Pelicans, Penguins, Walruses, Coyotes, Jackalopes, ' +
    'Marmots, Ibexes, Salamanders, Kestrels, Stingrays',
);

const SCHOOL_NAMES = words(
  'Maple Ridge, Oakwood, Riverside, Lakeview, Hillcrest, Westbrook, Northfield, Eastgate, ' +
    'Pine Valley, Cedar Park, Stonebridge, Fairview, Brookside, Kingsley, Ashford, Whitman, ' +
    'Carver, Curie, Hopper, Lovelace, Turing, Faraday, Noether, Meitner, Franklin, ' +
    'Willow Creek, Silver Lake, Granite Hills, Harborview, Sunnyside',
);

const ACTIONS = words(
  'endgame climb, autonomous routine, defensive stand, buzzer-beater score, record run, ' +
    'comeback, triple cycle, robot rescue, clean sweep, last-second park',
);

export function teamName(random: Random, place: Place): string {
  const adjective = random.pick(ADJECTIVES);
  const creature = random.pick(CREATURES);
  const style = random.next();
  if (style < 0.45) return `${adjective} ${creature}`;
  if (style < 0.6) return `Robo${creature}`;
  if (style < 0.75) return `${place.city} ${creature} Robotics`;
  if (style < 0.85) return `${adjective}Bots`;
  if (style < 0.95) return `The ${adjective} ${creature}`;
  return `Team ${adjective}`;
}

/** A school in the local style of the country, so that a Turkish team does not study at a "High School". */
export function schoolName(random: Random, place: Place): string {
  const founder = random.pick(SCHOOL_NAMES);
  const city = place.city;
  switch (place.country.code) {
    case 'DE':
      return random.pick([`Gymnasium ${city}`, `${founder}-Gymnasium`, `Gesamtschule ${city}`]);
    case 'TR':
      return random.pick([`${city} Fen Lisesi`, `${city} Anadolu Lisesi`, `${founder} Koleji`]);
    case 'BR':
      return random.pick([`Colégio ${founder}`, `Escola Técnica de ${city}`]);
    case 'MX':
      return random.pick([`Preparatoria ${city}`, `Colegio ${founder}`]);
    case 'CN':
      return `${city} No. ${random.int(1, 12)} High School`;
    case 'GB':
      return random.pick([`${city} Academy`, `${founder} College`, `${founder} School`]);
    default:
      if (place.state === 'QC') return `École secondaire ${founder}`;
      return random.pick([
        `${city} High School`,
        `${city} High School`,
        `${founder} High School`,
        `${founder} Academy`,
        `${city} STEM Magnet`,
        `${founder} Middle School`,
        `${city} Homeschool Robotics Club`,
      ]);
  }
}

export function venueName(random: Random, place: Place): string {
  const city = place.city;
  return random.pick([
    `${city} Convention Center`,
    `${city} Civic Arena`,
    `${city} Expo Center`,
    `${random.pick(SCHOOL_NAMES)} Field House`,
    `${city} University Arena`,
    `${random.pick(SCHOOL_NAMES)} Sports Complex`,
    `${city} Fairgrounds Pavilion`,
  ]);
}

/** A short description of a memorable moment, for highlight clips. */
export function highlightAction(random: Random): string {
  return random.pick(ACTIONS);
}

/** A team's website on a reserved example domain (RFC 2606), never a real host. */
export function teamWebsite(random: Random, number: number, name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
  return random.chance(0.8)
    ? `https://team${number}.example.org`
    : `https://${slug === '' ? `team${number}` : slug}.example.net`;
}
