/** Reading a USNI News Fleet and Marine Tracker article: hull types, regions, deployment status. */

const HULL_TYPES: [RegExp, string][] = [
  [/^CVN?$/, 'carrier'],
  [/^(LHA|LHD)$/, 'amphibious assault ship'],
  [/^LPD$/, 'amphibious transport dock'],
  [/^LSD$/, 'dock landing ship'],
  [/^LCC$/, 'command ship'],
  [/^CG$/, 'cruiser'],
  [/^DDG$/, 'destroyer'],
  [/^FFG$/, 'frigate'],
  [/^LCS$/, 'littoral combat ship'],
  [/^SSBN$/, 'ballistic missile submarine'],
  [/^SSGN$/, 'guided missile submarine'],
  [/^SSN$/, 'attack submarine'],
  [/^T-?A[A-Z]*$/, 'auxiliary'],
  [/^ESB$/, 'expeditionary sea base'],
];

/** `CVN-78` -> `carrier`; unknown prefixes -> `other`. */
export function vesselTypeOf(hullNumber: string): string {
  const prefix = hullNumber.replace(/-?\d+$/, '').toUpperCase();
  return HULL_TYPES.find(([re]) => re.test(prefix))?.[1] ?? 'other';
}

/** Approximate centre of each sea area the tracker names, for a map marker. */
const REGION_CENTRES: Record<string, [number, number]> = {
  'philippine sea': [20, 130],
  'south china sea': [12, 114],
  'east china sea': [29, 125],
  'sea of japan': [40, 135],
  'western pacific': [15, 140],
  'eastern pacific': [20, -125],
  pacific: [20, -150],
  'indian ocean': [-5, 75],
  'arabian sea': [15, 65],
  'gulf of oman': [24.5, 58.5],
  'persian gulf': [27, 51],
  'gulf of aden': [12.5, 47],
  'red sea': [20, 38],
  'eastern mediterranean': [34, 32],
  mediterranean: [35, 18],
  'western atlantic': [32, -70],
  atlantic: [35, -45],
  'north atlantic': [50, -30],
  'north sea': [56, 3],
  'norwegian sea': [68, 5],
  'baltic sea': [58, 20],
  caribbean: [15, -75],
  'caribbean sea': [15, -75],
  'gulf of mexico': [25, -90],
};

/** `In the Philippine Sea` -> `Philippine Sea`. */
export function regionName(heading: string): string {
  return heading.replace(/^\s*(in the|in|the)\s+/i, '').trim();
}

export function regionCentre(region: string): [number, number] | undefined {
  return REGION_CENTRES[region.toLowerCase()];
}

/**
 * Status of a ship from the sentence that mentions it: in port (pierside, moored, arrived),
 * deployed, underway (operating, sailing, transiting), else unknown. A sentence naming several
 * ships with different states is read clause by clause.
 */
export function deploymentStatusOf(clause: string): string {
  const c = clause.toLowerCase();
  if (/\bin port\b|pierside|moored|\barrived\b|\binport\b/.test(c)) return 'in-port';
  if (/\bdeployed\b/.test(c)) return 'deployed';
  if (/underway|operating|sailing|transiting|\bpatrol\b/.test(c)) return 'underway';
  return 'unknown';
}
