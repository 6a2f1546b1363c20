import { decodeText, FormatError } from './errors.js';

export interface TleRecord {
  name: string;
  noradId: number;
  /** Epoch ms (UTC). */
  epoch: number;
  inclinationDeg: number;
  eccentricity: number;
  meanMotionRevPerDay: number;
  raanDeg: number;
  argPerigeeDeg: number;
  meanAnomalyDeg: number;
}

export interface Orbit {
  semiMajorAxisKm: number;
  /** Mean altitude above the equatorial radius (a - R). */
  altitudeKm: number;
  /** Circular-orbit speed sqrt(mu / a). */
  velocityKmS: number;
  periodMinutes: number;
}

/** Earth's gravitational parameter (km^3/s^2) and equatorial radius (km), WGS-84. */
export const MU_KM3_S2 = 398600.4418;
export const EARTH_RADIUS_KM = 6378.137;

const F = 'TLE';

/** The TLE check digit: digits summed, each minus sign counting 1, modulo 10, over columns 1-68. */
export function tleChecksum(line: string): number {
  let sum = 0;
  for (const ch of line.slice(0, 68)) {
    if (ch >= '0' && ch <= '9') sum += ch.charCodeAt(0) - 48;
    else if (ch === '-') sum += 1;
  }
  return sum % 10;
}

/** Catalogue number, including the Alpha-5 form (A0000 = 100000; I and O are not used). */
function catalogNumber(field: string, where: string): number {
  const f = field.trim();
  if (/^\d+$/.test(f)) return Number(f);
  const m = /^([A-HJ-NP-Z])(\d{4})$/.exec(f);
  if (!m) throw new FormatError(F, `${where}: catalogue number "${f}" is not a number`);
  const c = m[1].charCodeAt(0) - 65;
  const letter = 10 + c - (c > 8 ? 1 : 0) - (c > 14 ? 1 : 0);
  return letter * 10000 + Number(m[2]);
}

function num(line: string, from: number, to: number, what: string, where: string): number {
  const s = line.slice(from - 1, to).trim();
  const n = Number(s);
  if (s === '' || !Number.isFinite(n)) throw new FormatError(F, `${where}: ${what} "${s}" is not a number`);
  return n;
}

function checkLine(line: string, n: '1' | '2', where: string): void {
  if (line.length < 69) throw new FormatError(F, `${where}: line ${n} has ${line.length} characters, expected 69`);
  const want = line.charCodeAt(68) - 48;
  if (want < 0 || want > 9) throw new FormatError(F, `${where}: line ${n} check digit "${line[68]}" is not a digit`);
  const got = tleChecksum(line);
  if (got !== want) throw new FormatError(F, `${where}: line ${n} checksum is ${got}, line says ${want}`);
}

function parseSet(name: string, l1: string, l2: string, where: string): TleRecord {
  checkLine(l1, '1', where);
  checkLine(l2, '2', where);
  const id1 = catalogNumber(l1.slice(2, 7), where);
  const id2 = catalogNumber(l2.slice(2, 7), where);
  if (id1 !== id2) throw new FormatError(F, `${where}: line 1 is object ${id1} but line 2 is object ${id2}`);
  const yy = num(l1, 19, 20, 'epoch year', where);
  const day = num(l1, 21, 32, 'epoch day', where);
  if (day < 1 || day >= 367) throw new FormatError(F, `${where}: epoch day ${day} is outside 1..366`);
  const year = yy < 57 ? 2000 + yy : 1900 + yy;
  const epoch = Date.UTC(year, 0, 1) + (day - 1) * 86_400_000;
  const eccDigits = l2.slice(26, 33).trim();
  if (!/^\d{7}$/.test(eccDigits)) throw new FormatError(F, `${where}: eccentricity "${eccDigits}" is not 7 digits`);
  const meanMotion = num(l2, 53, 63, 'mean motion', where);
  if (!(meanMotion > 0)) throw new FormatError(F, `${where}: mean motion ${meanMotion} is not positive`);
  return {
    name: name || String(id1),
    noradId: id1,
    epoch: Math.round(epoch),
    inclinationDeg: num(l2, 9, 16, 'inclination', where),
    raanDeg: num(l2, 18, 25, 'right ascension of the ascending node', where),
    eccentricity: Number(`0.${eccDigits}`),
    argPerigeeDeg: num(l2, 35, 42, 'argument of perigee', where),
    meanAnomalyDeg: num(l2, 44, 51, 'mean anomaly', where),
    meanMotionRevPerDay: meanMotion,
  };
}

/**
 * Two-line element sets, each preceded by a name line (the CelesTrak 3-line layout; a `0 ` prefix
 * on the name is dropped, a set without a name line is named by its catalogue number). Every
 * line's check digit is verified.
 */
export function parseTle(input: Buffer | string): TleRecord[] {
  const lines = decodeText(input)
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  const out: TleRecord[] = [];
  let i = 0;
  while (i < lines.length) {
    let name = '';
    if (!(lines[i].startsWith('1 ') && lines[i + 1]?.startsWith('2 '))) {
      name = lines[i].replace(/^0 /, '').trim();
      i++;
    }
    const l1 = lines[i];
    const l2 = lines[i + 1];
    const where = `set ${out.length + 1}${name ? ` (${name})` : ''}`;
    if (!l1?.startsWith('1 ') || !l2?.startsWith('2 ')) {
      throw new FormatError(
        F,
        `${where}: expected lines starting "1 " and "2 " after the name, got "${(l1 ?? 'end of input').slice(0, 30)}"`,
      );
    }
    out.push(parseSet(name, l1, l2, where));
    i += 2;
  }
  return out;
}

/** Mean orbit from the mean motion (Kepler's third law; circular speed at the semi-major axis). */
export function orbitOf(tle: Pick<TleRecord, 'meanMotionRevPerDay'>): Orbit {
  const n = (tle.meanMotionRevPerDay * 2 * Math.PI) / 86_400; // rad/s
  const a = Math.cbrt(MU_KM3_S2 / (n * n));
  return {
    semiMajorAxisKm: a,
    altitudeKm: a - EARTH_RADIUS_KM,
    velocityKmS: Math.sqrt(MU_KM3_S2 / a),
    periodMinutes: 1440 / tle.meanMotionRevPerDay,
  };
}
