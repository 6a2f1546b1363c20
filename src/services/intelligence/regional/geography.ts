/**
 * The regions the regional snapshot pipeline scores, as the published service names them
 * (`scripts/shared/geography.js`): member countries (ISO alpha-2), the chokepoints of the
 * supply-chain registry that belong to the region, and a bounding box for the military flights
 * (lat/lon; boxes may overlap, a flight counts in each region whose box holds it).
 */
export const GEOGRAPHY_VERSION = 'mds-geo-1';

export interface RegionDef {
  id: string;
  name: string;
  countries: readonly string[];
  chokepoints: readonly string[];
  /** [south, west, north, east] in degrees. */
  box: readonly [number, number, number, number];
  /** OREF sirens (Israel) count toward the region's coercive pressure. */
  oref: boolean;
}

const MENA = [
  'AE',
  'BH',
  'DZ',
  'EG',
  'IL',
  'IQ',
  'IR',
  'JO',
  'KW',
  'LB',
  'LY',
  'MA',
  'OM',
  'PS',
  'QA',
  'SA',
  'SY',
  'TN',
  'TR',
  'YE',
];
const EAST_ASIA = ['CN', 'HK', 'JP', 'KP', 'KR', 'MN', 'TW', 'PH', 'VN', 'TH', 'MY', 'ID', 'SG', 'MM', 'KH', 'LA'];
const EUROPE = [
  'AT',
  'BE',
  'BG',
  'BY',
  'CH',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LV',
  'MD',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'RU',
  'SE',
  'SK',
  'SI',
  'UA',
];
const NORTH_AMERICA = ['US', 'CA', 'MX'];
const SOUTH_ASIA = ['AF', 'BD', 'BT', 'IN', 'LK', 'MV', 'NP', 'PK'];
const LATAM = [
  'AR',
  'BO',
  'BR',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'GT',
  'HN',
  'HT',
  'JM',
  'NI',
  'PA',
  'PE',
  'PY',
  'SV',
  'UY',
  'VE',
];
const SUB_SAHARAN = [
  'AO',
  'BF',
  'CD',
  'CF',
  'CM',
  'ER',
  'ET',
  'GH',
  'KE',
  'ML',
  'MZ',
  'NE',
  'NG',
  'RW',
  'SD',
  'SN',
  'SO',
  'SS',
  'TD',
  'TZ',
  'UG',
  'ZA',
  'ZM',
  'ZW',
];

export const REGIONS: readonly RegionDef[] = [
  {
    id: 'mena',
    name: 'Middle East and North Africa',
    countries: MENA,
    chokepoints: ['suez', 'hormuz_strait', 'bab_el_mandeb', 'bosphorus'],
    box: [12, -17, 42, 63],
    oref: true,
  },
  {
    id: 'east-asia',
    name: 'East Asia',
    countries: EAST_ASIA,
    chokepoints: ['malacca_strait', 'taiwan_strait', 'korea_strait', 'lombok_strait'],
    box: [-11, 95, 54, 150],
    oref: false,
  },
  {
    id: 'europe',
    name: 'Europe',
    countries: EUROPE,
    chokepoints: ['gibraltar', 'bosphorus', 'dover_strait', 'kerch_strait'],
    box: [35, -25, 72, 45],
    oref: false,
  },
  {
    id: 'north-america',
    name: 'North America',
    countries: NORTH_AMERICA,
    chokepoints: ['panama'],
    box: [14, -170, 72, -50],
    oref: false,
  },
  { id: 'south-asia', name: 'South Asia', countries: SOUTH_ASIA, chokepoints: [], box: [5, 60, 38, 98], oref: false },
  {
    id: 'latam',
    name: 'Latin America and the Caribbean',
    countries: LATAM,
    chokepoints: ['panama'],
    box: [-56, -118, 33, -33],
    oref: false,
  },
  {
    id: 'sub-saharan-africa',
    name: 'Sub-Saharan Africa',
    countries: SUB_SAHARAN,
    chokepoints: ['cape_of_good_hope', 'bab_el_mandeb'],
    box: [-35, -18, 18, 52],
    oref: false,
  },
  {
    id: 'global',
    name: 'Global',
    countries: [
      ...new Set([...MENA, ...EAST_ASIA, ...EUROPE, ...NORTH_AMERICA, ...SOUTH_ASIA, ...LATAM, ...SUB_SAHARAN]),
    ],
    chokepoints: [
      'suez',
      'malacca_strait',
      'hormuz_strait',
      'bab_el_mandeb',
      'panama',
      'taiwan_strait',
      'cape_of_good_hope',
      'gibraltar',
      'bosphorus',
      'korea_strait',
      'dover_strait',
      'kerch_strait',
      'lombok_strait',
    ],
    box: [-90, -180, 90, 180],
    oref: true,
  },
];

export const REGION_IDS = REGIONS.map((r) => r.id);
/** Answered when no region is asked for: the region the published service's dashboard opens on. */
export const DEFAULT_REGION = 'mena';

export function regionById(id: string): RegionDef | undefined {
  return REGIONS.find((r) => r.id === id);
}

export function inBox(box: RegionDef['box'], lat: number, lon: number): boolean {
  return lat >= box[0] && lat <= box[2] && lon >= box[1] && lon <= box[3];
}
