import { FormatError } from '../formats/errors.js';
import { parseTle, type TleRecord } from '../formats/tle.js';

/** CelesTrak's GP element sets for one named group, as 3-line TLE text (no key). */
export function celestrakGpUrl(group: string): string {
  return `https://celestrak.org/NORAD/elements/gp.php?GROUP=${encodeURIComponent(group)}&FORMAT=tle`;
}

export interface GpElementSet {
  tle: TleRecord;
  /** The two element lines exactly as published (callers hand them to propagators). */
  line1: string;
  line2: string;
}

/**
 * A CelesTrak TLE file -> element sets with their raw lines. The shared parser checks every
 * line (length, checksum, matching catalogue numbers); the raw lines are paired with its records
 * in order, since both walk the same "1 "/"2 " line pairs.
 */
export function readGpElementSets(input: Buffer | string): GpElementSet[] {
  const records = parseTle(input);
  const lines = (typeof input === 'string' ? input : input.toString('utf8')).split(/\r?\n/).map((l) => l.trimEnd());
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (lines[i].startsWith('1 ') && lines[i + 1].startsWith('2 ')) {
      pairs.push([lines[i], lines[i + 1]]);
      i++;
    }
  }
  if (pairs.length !== records.length)
    throw new FormatError('TLE', `found ${pairs.length} line pairs for ${records.length} element sets`);
  return records.map((tle, i) => ({ tle, line1: pairs[i][0], line2: pairs[i][1] }));
}
