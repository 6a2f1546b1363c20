/**
 * Code tables the trade-exposure topic needs until the shared Comtrade source (src/sources/comtrade)
 * lands: Comtrade reporter/partner codes (ISO alpha-3 as Comtrade spells it, and UN M49) to ISO
 * alpha-2, and labels of the HS chapters and headings the operations name.
 */
const COUNTRIES: [iso2: string, iso3: string, m49: number][] = [
  ['AE', 'ARE', 784], ['AO', 'AGO', 24], ['AU', 'AUS', 36], ['BD', 'BGD', 50], ['BE', 'BEL', 56], ['BR', 'BRA', 76], ['CA', 'CAN', 124],
  ['CH', 'CHE', 757], ['CN', 'CHN', 156], ['CZ', 'CZE', 203], ['DE', 'DEU', 276], ['EG', 'EGY', 818], ['FR', 'FRA', 251], ['GB', 'GBR', 826],
  ['GR', 'GRC', 300], ['ID', 'IDN', 360], ['IE', 'IRL', 372], ['IN', 'IND', 699], ['IQ', 'IRQ', 368], ['IT', 'ITA', 381], ['JP', 'JPN', 392],
  ['KE', 'KEN', 404], ['KR', 'KOR', 410], ['KW', 'KWT', 414], ['KZ', 'KAZ', 398], ['LY', 'LBY', 434], ['MY', 'MYS', 458], ['NG', 'NGA', 566],
  ['NL', 'NLD', 528], ['NO', 'NOR', 579], ['OM', 'OMN', 512], ['PL', 'POL', 616], ['QA', 'QAT', 634], ['RU', 'RUS', 643], ['SA', 'SAU', 682],
  ['SG', 'SGP', 702], ['TH', 'THA', 764], ['TR', 'TUR', 792], ['TW', 'S19', 490], ['UA', 'UKR', 804], ['US', 'USA', 842], ['VN', 'VNM', 704],
  ['ZA', 'ZAF', 710],
];

const BY_ISO3 = new Map(COUNTRIES.map(([iso2, iso3]) => [iso3, iso2]));
const BY_M49 = new Map(COUNTRIES.map(([iso2, , m49]) => [m49, iso2]));
const M49_OF = new Map(COUNTRIES.map(([iso2, , m49]) => [iso2, m49]));

/** Comtrade's partner code for "World", the total row; never a trading partner. */
export const WORLD_M49 = 0;

/** ISO alpha-2 of a Comtrade country, by its alpha-3 (Comtrade's own, e.g. S19 for Taiwan) or M49 code. */
export function iso2Of(iso3: string | undefined, m49: number | undefined): string | undefined {
  return (iso3 ? BY_ISO3.get(iso3) : undefined) ?? (m49 !== undefined ? BY_M49.get(m49) : undefined);
}

/** UN M49 code of an ISO alpha-2 country, 0 when the table does not know it. */
export const m49Of = (iso2: string) => M49_OF.get(iso2) ?? 0;

export const HS2_LABELS: Record<string, string> = {
  '10': 'Cereals', '12': 'Oil seeds', '15': 'Animal and vegetable fats', '26': 'Ores, slag and ash', '27': 'Energy', '28': 'Inorganic chemicals',
  '29': 'Organic chemicals', '30': 'Pharmaceuticals', '31': 'Fertilisers', '38': 'Chemical products', '39': 'Plastics', '40': 'Rubber',
  '44': 'Wood', '47': 'Pulp', '52': 'Cotton', '61': 'Knitted apparel', '62': 'Apparel', '71': 'Precious metals and stones', '72': 'Iron and steel',
  '73': 'Articles of iron or steel', '74': 'Copper', '76': 'Aluminium', '81': 'Other base metals', '84': 'Machinery', '85': 'Electronics',
  '86': 'Railway equipment', '87': 'Vehicles', '88': 'Aircraft', '89': 'Ships', '90': 'Instruments', '93': 'Arms and ammunition',
};

export const hs2Label = (hs2: string) => HS2_LABELS[hs2] ?? `HS ${hs2}`;

export const HS4_LABELS: Record<string, string> = {
  '1001': 'Wheat and meslin', '2601': 'Iron ores and concentrates', '2709': 'Crude petroleum', '2710': 'Refined petroleum products',
  '2711': 'Petroleum gases (LNG, LPG)', '2902': 'Cyclic hydrocarbons', '3004': 'Packaged medicaments', '3901': 'Polyethylene and other ethylene polymers',
  '6203': "Men's suits, trousers and shorts", '7208': 'Hot-rolled flat steel', '8408': 'Diesel engines', '8471': 'Computers',
  '8517': 'Telephones and network equipment', '8542': 'Integrated circuits', '8703': 'Passenger cars',
};

export const hs4Label = (hs4: string, fallback = '') => HS4_LABELS[hs4] ?? (fallback || `HS ${hs4}`);
