import type { Random } from './random';

/**
 * Where demo teams come from and demo events happen. Real cities with their real subdivision, so
 * that filtering by region behaves as it would on real data. `country` is the ISO 3166-1 alpha-2
 * code; `state` is the ISO 3166-2 subdivision code without the country prefix (two letters for US
 * states, Canadian provinces, German, Brazilian and Chinese states; Australia's and Mexico's are
 * officially longer), or `""` where events are not grouped by subdivision (Türkiye).
 */
export interface Region {
  state: string;
  /** Used in event names such as "<name> District Championship"; empty when `state` is. */
  name: string;
  cities: readonly string[];
}

export interface Country {
  code: string;
  name: string;
  /** Hours east of UTC at which the country's events keep their clock, roughly. */
  utcOffset: number;
  /** Share of the world's teams, relative to the other countries. */
  weight: number;
  /** How a region-wide championship is called, when the country has such events. */
  regionChampionship: string;
  regions: readonly Region[];
}

function region(state: string, name: string, cities: string): Region {
  return { state, name, cities: cities.split(', ') };
}

export const COUNTRIES: readonly Country[] = [
  {
    code: 'US',
    name: 'United States',
    utcOffset: -5,
    weight: 62,
    regionChampionship: 'District Championship',
    regions: [
      region(
        'CA',
        'California',
        'Los Angeles, San Diego, San Jose, Sacramento, Fresno, Oakland, Irvine, Pasadena, Santa Clara, Ventura, Long Beach, Riverside',
      ),
      region(
        'TX',
        'Texas',
        'Houston, Austin, Dallas, San Antonio, Fort Worth, El Paso, Plano, Amarillo, Lubbock',
      ),
      region(
        'MI',
        'Michigan',
        'Detroit, Grand Rapids, Ann Arbor, Lansing, Kalamazoo, Traverse City, Troy, Flint, Midland',
      ),
      region('NY', 'New York', 'New York, Buffalo, Rochester, Syracuse, Albany, Ithaca'),
      region('WA', 'Washington', 'Seattle, Spokane, Tacoma, Bellevue, Yakima'),
      region('OR', 'Oregon', 'Portland, Salem, Eugene, Bend, Wilsonville'),
      region('MN', 'Minnesota', 'Minneapolis, Saint Paul, Duluth, Mankato'),
      region('FL', 'Florida', 'Miami, Orlando, Tampa, Jacksonville, Tallahassee'),
      region('GA', 'Georgia', 'Atlanta, Savannah, Macon, Athens'),
      region('NC', 'North Carolina', 'Raleigh, Charlotte, Durham, Greensboro, Asheville'),
      region('VA', 'Virginia', 'Richmond, Norfolk, Arlington, Roanoke'),
      region('MA', 'Massachusetts', 'Boston, Worcester, Springfield, Lowell'),
      region('NH', 'New Hampshire', 'Manchester, Nashua, Concord'),
      region('NJ', 'New Jersey', 'Newark, Trenton, Princeton, Mount Olive'),
      region('PA', 'Pennsylvania', 'Philadelphia, Pittsburgh, Allentown, Erie, Hershey'),
      region('OH', 'Ohio', 'Columbus, Cleveland, Cincinnati, Dayton, Toledo'),
      region('IN', 'Indiana', 'Indianapolis, Fort Wayne, Lafayette, Evansville'),
      region('IL', 'Illinois', 'Chicago, Peoria, Naperville, Champaign, Rockford'),
      region('WI', 'Wisconsin', 'Milwaukee, Madison, Green Bay'),
      region('MO', 'Missouri', 'St. Louis, Kansas City, Columbia'),
      region('CO', 'Colorado', 'Denver, Colorado Springs, Boulder, Fort Collins'),
      region('AZ', 'Arizona', 'Phoenix, Tucson, Flagstaff, Mesa'),
      region('UT', 'Utah', 'Salt Lake City, Provo, Ogden'),
      region('NV', 'Nevada', 'Las Vegas, Reno'),
      region('NM', 'New Mexico', 'Albuquerque, Santa Fe'),
      region('LA', 'Louisiana', 'New Orleans, Baton Rouge'),
      region('TN', 'Tennessee', 'Nashville, Memphis, Knoxville, Chattanooga'),
      region('KY', 'Kentucky', 'Louisville, Lexington'),
      region('SC', 'South Carolina', 'Charleston, Greenville, Spartanburg'),
      region('AL', 'Alabama', 'Birmingham, Huntsville, Montgomery'),
      region('MD', 'Maryland', 'Baltimore, Annapolis, Rockville'),
      region('CT', 'Connecticut', 'Hartford, New Haven, Stamford'),
      region('HI', 'Hawaii', 'Honolulu, Hilo'),
      region('OK', 'Oklahoma', 'Oklahoma City, Tulsa'),
      region('KS', 'Kansas', 'Wichita, Topeka'),
      region('IA', 'Iowa', 'Des Moines, Cedar Rapids'),
      region('NE', 'Nebraska', 'Omaha, Lincoln'),
      region('ID', 'Idaho', 'Boise, Idaho Falls'),
      region('AK', 'Alaska', 'Anchorage'),
      region('ME', 'Maine', 'Bangor, Lewiston'),
      region('VT', 'Vermont', 'Burlington'),
      region('DE', 'Delaware', 'Wilmington, Dover'),
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    utcOffset: -5,
    weight: 8,
    regionChampionship: 'Provincial Championship',
    regions: [
      region('ON', 'Ontario', 'Toronto, Ottawa, Waterloo, Hamilton, London, Windsor, Mississauga'),
      region('QC', 'Québec', 'Montréal, Québec City, Sherbrooke, Laval'),
      region('BC', 'British Columbia', 'Vancouver, Victoria, Surrey, Kelowna'),
      region('AB', 'Alberta', 'Calgary, Edmonton'),
      region('MB', 'Manitoba', 'Winnipeg'),
      region('NS', 'Nova Scotia', 'Halifax'),
      region('SK', 'Saskatchewan', 'Saskatoon, Regina'),
    ],
  },
  {
    code: 'MX',
    name: 'Mexico',
    utcOffset: -6,
    weight: 3,
    regionChampionship: 'State Championship',
    regions: [
      region('CMX', 'Ciudad de México', 'Mexico City'),
      region('NLE', 'Nuevo León', 'Monterrey, San Pedro Garza García'),
      region('JAL', 'Jalisco', 'Guadalajara, Zapopan'),
      region('COA', 'Coahuila', 'Torreón, Saltillo'),
      region('PUE', 'Puebla', 'Puebla'),
      region('QUE', 'Querétaro', 'Querétaro'),
      region('CHH', 'Chihuahua', 'Chihuahua, Ciudad Juárez'),
    ],
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    utcOffset: 0,
    weight: 2,
    regionChampionship: 'Championship',
    regions: [
      region('ENG', 'England', 'London, Manchester, Birmingham, Bristol, Leeds, Coventry'),
      region('SCT', 'Scotland', 'Edinburgh, Glasgow, Aberdeen'),
      region('WLS', 'Wales', 'Cardiff, Swansea'),
      region('NIR', 'Northern Ireland', 'Belfast'),
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    utcOffset: 1,
    weight: 2,
    regionChampionship: 'Championship',
    regions: [
      region('BY', 'Bayern', 'München, Nürnberg, Augsburg'),
      region('BE', 'Berlin', 'Berlin'),
      region('NW', 'Nordrhein-Westfalen', 'Köln, Düsseldorf, Dortmund, Aachen'),
      region('HH', 'Hamburg', 'Hamburg'),
      region('BW', 'Baden-Württemberg', 'Stuttgart, Karlsruhe, Freiburg'),
      region('HE', 'Hessen', 'Frankfurt am Main, Darmstadt'),
      region('SN', 'Sachsen', 'Dresden, Leipzig'),
    ],
  },
  {
    code: 'TR',
    name: 'Türkiye',
    utcOffset: 3,
    weight: 3,
    regionChampionship: '',
    regions: [
      region(
        '',
        '',
        'İstanbul, Ankara, İzmir, Bursa, Antalya, Konya, Kocaeli, Eskişehir, Gaziantep',
      ),
    ],
  },
  {
    code: 'IL',
    name: 'Israel',
    utcOffset: 2,
    weight: 3,
    regionChampionship: '',
    regions: [
      region('TA', 'Tel Aviv', 'Tel Aviv, Holon, Ramat Gan'),
      region('JM', 'Jerusalem', 'Jerusalem'),
      region('HA', 'Haifa', 'Haifa'),
      region('Z', 'Northern', 'Nazareth, Karmiel'),
      region('D', 'Southern', "Be'er Sheva"),
      region('M', 'Central', "Rehovot, Petah Tikva, Modi'in"),
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    utcOffset: 10,
    weight: 3,
    regionChampionship: 'State Championship',
    regions: [
      region('NSW', 'New South Wales', 'Sydney, Newcastle, Wollongong'),
      region('VIC', 'Victoria', 'Melbourne, Geelong'),
      region('QLD', 'Queensland', 'Brisbane, Gold Coast'),
      region('WA', 'Western Australia', 'Perth'),
      region('SA', 'South Australia', 'Adelaide'),
      region('ACT', 'Australian Capital Territory', 'Canberra'),
      region('TAS', 'Tasmania', 'Hobart'),
    ],
  },
  {
    code: 'BR',
    name: 'Brazil',
    utcOffset: -3,
    weight: 3,
    regionChampionship: 'State Championship',
    regions: [
      region('SP', 'São Paulo', 'São Paulo, Campinas, Santos'),
      region('RJ', 'Rio de Janeiro', 'Rio de Janeiro, Niterói'),
      region('MG', 'Minas Gerais', 'Belo Horizonte, Uberlândia'),
      region('RS', 'Rio Grande do Sul', 'Porto Alegre'),
      region('PR', 'Paraná', 'Curitiba'),
      region('DF', 'Distrito Federal', 'Brasília'),
      region('PE', 'Pernambuco', 'Recife'),
    ],
  },
  {
    code: 'CN',
    name: 'China',
    utcOffset: 8,
    weight: 4,
    regionChampionship: 'Championship',
    regions: [
      region('BJ', 'Beijing', 'Beijing'),
      region('SH', 'Shanghai', 'Shanghai'),
      region('GD', 'Guangdong', 'Guangzhou, Shenzhen'),
      region('ZJ', 'Zhejiang', 'Hangzhou, Ningbo'),
      region('JS', 'Jiangsu', 'Nanjing, Suzhou'),
      region('SC', 'Sichuan', 'Chengdu'),
      region('HB', 'Hubei', 'Wuhan'),
    ],
  },
];

/** One city, with everything a team or an event needs to know about where it is. */
export interface Place {
  city: string;
  state: string;
  stateName: string;
  country: Country;
}

interface WeightedRegion {
  places: Place[];
  /** The country's share spread over its cities. */
  weight: number;
}

const REGIONS: readonly WeightedRegion[] = COUNTRIES.flatMap((country) => {
  const cityCount = country.regions.reduce((sum, { cities }) => sum + cities.length, 0);
  return country.regions.map((subdivision) => ({
    places: subdivision.cities.map((city) => ({
      city,
      state: subdivision.state,
      stateName: subdivision.name,
      country,
    })),
    weight: (country.weight * subdivision.cities.length) / cityCount,
  }));
});

/** About how many teams a region needs before its events can be filled mostly from home. */
const TEAMS_PER_REGION = 40;

/**
 * The cities teams of a data set come from, each with its weight. A small data set keeps to fewer
 * regions, chosen by weight, so that its regions hold enough teams for local events, as real ones do.
 */
export function homePlaces(
  random: Random,
  teamCount: number,
): { places: Place[]; weights: number[] } {
  const regionCount = Math.max(8, Math.round(teamCount / TEAMS_PER_REGION));
  let chosen: WeightedRegion[] = REGIONS.slice();
  if (regionCount < REGIONS.length) {
    const remaining = REGIONS.slice();
    chosen = [];
    while (chosen.length < regionCount) {
      const next = random.pickWeighted(
        remaining,
        remaining.map((candidate) => candidate.weight),
      );
      chosen.push(next);
      remaining.splice(remaining.indexOf(next), 1);
    }
  }
  const places = chosen.flatMap((candidate) => candidate.places);
  const weights = chosen.flatMap((candidate) =>
    candidate.places.map(() => candidate.weight / candidate.places.length),
  );
  return { places, weights };
}
