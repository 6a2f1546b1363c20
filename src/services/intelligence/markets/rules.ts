import { countryByCode, resolveCountry } from '../../../reference/countries.js';

/** Signal types as the contract names them (without the common prefix). */
export type SignalKind =
  | 'COMPOSITE_ESCALATION'
  | 'THERMAL_SPIKE'
  | 'MILITARY_FLIGHT_SURGE'
  | 'UNREST_SURGE'
  | 'OREF_ALERT_CLUSTER'
  | 'VIX_SPIKE'
  | 'COMMODITY_SHOCK'
  | 'CYBER_ESCALATION'
  | 'SHIPPING_DISRUPTION'
  | 'EARTHQUAKE_SIGNIFICANT'
  | 'RADIATION_ANOMALY'
  | 'INFRASTRUCTURE_OUTAGE'
  | 'FORECAST_DETERIORATION'
  | 'MARKET_STRESS'
  | 'MEDIA_TONE_DETERIORATION'
  | 'RISK_SCORE_SPIKE'
  | 'GPS_JAMMING'
  | 'WILDFIRE_ESCALATION'
  | 'SANCTIONS_SURGE';

/** Base weight of each signal type (the published extractor weights). */
export const BASE_WEIGHT: Record<SignalKind, number> = {
  COMPOSITE_ESCALATION: 4.0,
  OREF_ALERT_CLUSTER: 3.5,
  RADIATION_ANOMALY: 3.5,
  THERMAL_SPIKE: 3.0,
  MILITARY_FLIGHT_SURGE: 3.0,
  UNREST_SURGE: 2.5,
  CYBER_ESCALATION: 2.5,
  EARTHQUAKE_SIGNIFICANT: 2.5,
  RISK_SCORE_SPIKE: 2.5,
  GPS_JAMMING: 2.5,
  VIX_SPIKE: 2.0,
  COMMODITY_SHOCK: 2.0,
  SHIPPING_DISRUPTION: 2.0,
  INFRASTRUCTURE_OUTAGE: 2.0,
  MARKET_STRESS: 2.0,
  FORECAST_DETERIORATION: 1.5,
  MEDIA_TONE_DETERIORATION: 1.5,
  WILDFIRE_ESCALATION: 1.5,
  SANCTIONS_SURGE: 1.5,
};

export type Severity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

export interface Signal {
  id: string;
  kind: SignalKind;
  theater: string;
  summary: string;
  score: number;
  detectedAt: number;
  contributingTypes: SignalKind[];
  signalCount: number;
}

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const MAX_SIGNALS = 30;

export function severityOf(score: number): Severity {
  if (score >= 3.5) return 'CRITICAL';
  if (score >= 2.5) return 'HIGH';
  if (score >= 1.5) return 'MEDIUM';
  return 'LOW';
}

const r2 = (v: number) => Math.round(v * 100) / 100;
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// ---------------------------------------------------------------------------------------------
// Theaters: where a country's signals are grouped
// ---------------------------------------------------------------------------------------------

const THEATER_CODES: Record<string, string> = {};
for (const [theater, codes] of Object.entries({
  'Middle East': 'IL PS LB SY JO IQ YE EG TR',
  'Persian Gulf': 'IR SA AE QA KW BH OM',
  'Eastern Europe': 'UA RU BY MD GE AM AZ PL RO LT LV EE FI',
  'East Asia': 'CN TW JP KR KP MN HK',
  'South Asia': 'IN PK AF BD LK NP',
  'Southeast Asia': 'PH VN TH MY ID SG MM KH LA',
  'Horn of Africa': 'SD SS ET ER SO DJ KE',
  Sahel: 'ML BF NE TD NG MR',
})) {
  for (const c of codes.split(' ')) THEATER_CODES[c] = theater;
}

/** The theater of a country (code or name); broad regions by position for the rest, `Global` when unknown. */
export function theaterOf(country: string | undefined): string {
  const c = country ? (countryByCode(country) ?? resolveCountry(country)) : undefined;
  if (!c) return 'Global';
  const named = THEATER_CODES[c.alpha2];
  if (named) return named;
  if (c.lon < -30) return c.lat > 15 ? 'North America' : 'Latin America';
  if (c.lat >= 35 && c.lon < 45) return 'Europe';
  if (c.lat < 35 && c.lon >= -20 && c.lon < 52) return 'Africa';
  return 'Asia-Pacific';
}

/**
 * The theater of each gpsjam region label (the published classification's regions), in the theater
 * names the other signals use, so that jamming joins a theater's composite.
 */
export const GPS_REGION_THEATER: Record<string, string> = {
  'iran-iraq': 'Middle East',
  levant: 'Middle East',
  'israel-sinai': 'Middle East',
  'yemen-horn': 'Middle East',
  'turkey-caucasus': 'Middle East',
  'ukraine-russia': 'Eastern Europe',
  'russia-north': 'Eastern Europe',
  'afghanistan-pakistan': 'South Asia',
  'east-africa': 'Horn of Africa',
  'sudan-sahel': 'Horn of Africa',
  'northern-europe': 'Europe',
  'western-europe': 'Europe',
  'southeast-asia': 'Southeast Asia',
  'east-asia': 'East Asia',
  'north-america': 'North America',
};

/** Chokepoints by theater. */
export const CHOKEPOINT_THEATER: Record<string, string> = {
  hormuz_strait: 'Persian Gulf',
  bab_el_mandeb: 'Red Sea',
  suez: 'Red Sea',
  malacca_strait: 'Southeast Asia',
  lombok_strait: 'Southeast Asia',
  taiwan_strait: 'East Asia',
  korea_strait: 'East Asia',
  bosphorus: 'Eastern Europe',
  kerch_strait: 'Eastern Europe',
  panama: 'Latin America',
};

// ---------------------------------------------------------------------------------------------
// Extractor inputs (plain facts read from the snapshots)
// ---------------------------------------------------------------------------------------------

export interface SignalInputs {
  /** Evaluation time: the newest input snapshot. */
  now: number;
  oref?: { at: number; locality: string }[];
  commodities?: { symbol: string; name: string; price: number; changePct: number; at: number }[];
  indices?: { symbol: string; name: string; changePct: number; at: number }[];
  quakes?: { place: string; magnitude: number; at: number; country?: string }[];
  unrest?: { country: string; at: number }[];
  cyber?: { country: string; critical: boolean; at: number }[];
  /** Airborne military aircraft inside a watched theater, with that theater's elevated-activity count. */
  flights?: { theater: string; elevated: number; at: number }[];
  radiation?: { place: string; country: string; spike: boolean; zScore: number; at: number }[];
  /** Satellite fire detections with their fire radiative power (MW) and brightness (K). */
  fires?: { region: string; possibleExplosion: boolean; frp: number; brightness: number; at: number }[];
  /** gpsjam's interfered cells of its newest day (`at`: the end of that day), with their region label. */
  gps?: { region: string; high: boolean; at: number }[];
  outages?: { country: string; total: boolean; ongoing: boolean; at: number }[];
  risk?: { country: string; combined: number; rising: boolean; at: number }[];
  forecasts?: { title: string; region: string; probability: number; rising: boolean; at: number }[];
  tone?: { topic: string; series: { at: number; value: number }[] }[];
  chokepoints?: { id: string; name: string; disruptionScore: number; flowRatio?: number; at: number }[];
  /** Entries new on the latest sanctions list edition, and the country (alpha-2) with the most new entries. */
  sanctions?: { newEntryCount: number; topCountry?: string; at: number };
}

/** Groups rows by theater. */
function byTheater<T>(rows: readonly T[], theater: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(theater(r), [...(out.get(theater(r)) ?? []), r]);
  return out;
}

const newest = (rows: readonly { at: number }[]) => rows.reduce((m, r) => Math.max(m, r.at), 0);

function make(
  kind: SignalKind,
  theater: string,
  factor: number,
  summary: string,
  detectedAt: number,
  key = slug(theater),
): Signal {
  return {
    id: `${slug(kind)}:${key}`,
    kind,
    theater,
    summary,
    score: r2(BASE_WEIGHT[kind] * factor),
    detectedAt,
    contributingTypes: [kind],
    signalCount: 1,
  };
}

/** Per-theater counts of recent events: at least `min` in the window, factor min(2, 1 + n/div), the `limit` largest. */
function countSignals<T extends { at: number }>(
  kind: SignalKind,
  rows: readonly T[] | undefined,
  theater: (r: T) => string,
  o: { now: number; windowMs: number; min: number; div: number; limit: number; what: string },
): Signal[] {
  const recent = (rows ?? []).filter((r) => r.at <= o.now && o.now - r.at <= o.windowMs);
  return [...byTheater(recent, theater)]
    .filter(([, rs]) => rs.length >= o.min)
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, o.limit)
    .map(([t, rs]) =>
      make(
        kind,
        t,
        Math.min(2, 1 + rs.length / o.div),
        `${rs.length} ${o.what} in ${t} over the last ${Math.round(o.windowMs / HOUR)} h`,
        newest(rs),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Extractors
// ---------------------------------------------------------------------------------------------

const OIL_SYMBOLS = new Set(['CL=F', 'BZ=F']);

export function extractSignals(i: SignalInputs): Signal[] {
  const now = i.now;
  const out: Signal[] = [];
  // Sirens: every alerted locality of the last 24 h.
  const oref = (i.oref ?? []).filter((a) => a.at <= now && now - a.at <= DAY);
  if (oref.length > 0) {
    const n = new Set(oref.map((a) => a.locality)).size;
    out.push(
      make(
        'OREF_ALERT_CLUSTER',
        'Middle East',
        Math.min(2, 1 + n / 10),
        `Sirens in ${n} localities in Israel over the last 24 h`,
        newest(oref),
      ),
    );
  }
  for (const c of i.commodities ?? []) {
    if (c.symbol === '^VIX') {
      if (c.price >= 25)
        out.push(
          make('VIX_SPIKE', 'Global', c.price > 40 ? 2 : c.price > 30 ? 1.5 : 1.2, `VIX at ${c.price}`, c.at, 'global'),
        );
      continue;
    }
    if (Math.abs(c.changePct) >= 5) {
      const theater = OIL_SYMBOLS.has(c.symbol) ? 'Persian Gulf' : 'Global';
      out.push(
        make(
          'COMMODITY_SHOCK',
          theater,
          Math.min(2, Math.abs(c.changePct) / 5),
          `${c.name} ${c.changePct > 0 ? 'up' : 'down'} ${Math.abs(c.changePct)}% in a session`,
          c.at,
          slug(c.symbol),
        ),
      );
    }
  }
  const spx = (i.indices ?? []).find((x) => x.symbol === '^GSPC');
  if (spx && Math.abs(spx.changePct) >= 2)
    out.push(
      make(
        'MARKET_STRESS',
        'Global',
        Math.min(2, Math.abs(spx.changePct) / 2),
        `S&P 500 moved ${spx.changePct}% in a session`,
        spx.at,
        'spx',
      ),
    );
  (i.quakes ?? [])
    .filter((q) => q.magnitude >= 6.5 && q.at <= now && now - q.at <= DAY)
    .sort((a, b) => b.magnitude - a.magnitude)
    .slice(0, 2)
    .forEach((q) =>
      out.push(
        make(
          'EARTHQUAKE_SIGNIFICANT',
          theaterOf(q.country),
          Math.min(2, 1 + (q.magnitude - 6.5) / 1.5),
          `M${q.magnitude} earthquake: ${q.place}`,
          q.at,
          `${slug(q.place)}-${q.at}`,
        ),
      ),
    );
  out.push(
    ...countSignals('UNREST_SURGE', i.unrest, (r) => theaterOf(r.country), {
      now,
      windowMs: DAY,
      min: 3,
      div: 10,
      limit: 3,
      what: 'protest or riot events',
    }),
  );
  out.push(
    ...countSignals(
      'CYBER_ESCALATION',
      i.cyber?.filter((c) => c.critical),
      (r) => theaterOf(r.country),
      { now, windowMs: 2 * DAY, min: 3, div: 10, limit: 3, what: 'critical cyber threat indicators' },
    ),
  );
  // Flight surge: a watched theater at or above its elevated-activity count (the theater posture rule).
  const flights = (i.flights ?? []).filter((f) => f.at <= now && now - f.at <= 6 * HOUR);
  [...byTheater(flights, (f) => f.theater)]
    .filter(([, fs]) => fs.length >= fs[0]!.elevated)
    .sort((a, b) => b[1].length / b[1][0]!.elevated - a[1].length / a[1][0]!.elevated || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .forEach(([t, fs]) =>
      out.push(
        make(
          'MILITARY_FLIGHT_SURGE',
          t,
          Math.min(2, fs.length / fs[0]!.elevated),
          `${fs.length} military aircraft airborne in ${t} (elevated from ${fs[0]!.elevated})`,
          newest(fs),
        ),
      ),
    );
  out.push(
    ...countSignals(
      'THERMAL_SPIKE',
      i.fires?.filter((f) => f.possibleExplosion),
      (r) => theaterOf(r.region),
      { now, windowMs: 2 * DAY, min: 3, div: 10, limit: 3, what: 'possible-explosion thermal detections' },
    ),
  );
  // GPS jamming: a theater's high-interference cells of the newest gpsjam day (the published extractor).
  const jammed = (i.gps ?? []).filter((h) => h.high && h.at <= now + DAY && now - h.at <= 2 * DAY);
  [...byTheater(jammed, (h) => GPS_REGION_THEATER[h.region] ?? 'Global')]
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .forEach(([t, hs]) =>
      out.push(
        make(
          'GPS_JAMMING',
          t,
          Math.min(2, 1 + hs.length / 50),
          `GPS jamming: ${hs.length} high-interference cells in ${t}`,
          newest(hs),
        ),
      ),
    );
  // Wildfire escalation: at least 5 extreme detections (FRP above 5,000 MW or brightness above 400 K) in a theater.
  out.push(
    ...countSignals(
      'WILDFIRE_ESCALATION',
      i.fires?.filter((f) => f.frp > 5000 || f.brightness > 400),
      (r) => theaterOf(r.region),
      { now, windowMs: 2 * DAY, min: 5, div: 50, limit: 2, what: 'extreme thermal detections' },
    ),
  );
  for (const r of i.radiation ?? []) {
    if (r.spike && now - r.at <= DAY)
      out.push(
        make(
          'RADIATION_ANOMALY',
          theaterOf(r.country),
          1,
          `Radiation spike at ${r.place} (z ${r.zScore})`,
          r.at,
          slug(r.place),
        ),
      );
  }
  for (const o of i.outages ?? []) {
    if (o.total && o.ongoing)
      out.push(
        make(
          'INFRASTRUCTURE_OUTAGE',
          theaterOf(o.country),
          1,
          `Ongoing nationwide internet outage: ${countryByCode(o.country)?.name ?? o.country}`,
          o.at,
          slug(o.country),
        ),
      );
  }
  (i.risk ?? [])
    .filter((r) => r.combined > 80 || r.rising)
    .sort((a, b) => b.combined - a.combined || (a.country < b.country ? -1 : 1))
    .slice(0, 3)
    .forEach((r) =>
      out.push(
        make(
          'RISK_SCORE_SPIKE',
          theaterOf(r.country),
          Math.min(2, r.combined / 60),
          `${countryByCode(r.country)?.name ?? r.country} instability ${r.combined}${r.rising ? ', rising' : ''}`,
          r.at,
          slug(r.country),
        ),
      ),
    );
  (i.forecasts ?? [])
    .filter((f) => f.rising && f.probability >= 0.5)
    .forEach((f) =>
      out.push(
        make(
          'FORECAST_DETERIORATION',
          f.region || 'Global',
          Math.min(2, 1 + f.probability),
          `${f.title} (${Math.round(f.probability * 100)}%, rising)`,
          f.at,
          slug(f.title).slice(0, 40),
        ),
      ),
    );
  for (const t of i.tone ?? []) {
    const last = t.series.at(-1);
    const prev = t.series.at(-2);
    if (last && prev && last.value < -1.5 && last.value < prev.value && now - last.at <= 2 * DAY) {
      out.push(
        make(
          'MEDIA_TONE_DETERIORATION',
          'Global',
          1,
          `Media tone on ${t.topic} fell to ${r2(last.value)}`,
          last.at,
          slug(t.topic),
        ),
      );
    }
  }
  // Sanctions surge: at least 5 new designations, in the theater of the most targeted country.
  if (i.sanctions && i.sanctions.newEntryCount >= 5) {
    const n = i.sanctions.newEntryCount;
    const top = i.sanctions.topCountry;
    const theater = theaterOf(top);
    out.push(
      make(
        'SANCTIONS_SURGE',
        theater,
        Math.min(2, 1 + n / 20),
        `Sanctions surge: ${n} new designations, ${top ? (countryByCode(top)?.name ?? top) : 'several countries'} most targeted`,
        i.sanctions.at,
      ),
    );
  }
  // The published extractor set also has displacement (it emits nothing: UNHCR publishes a yearly stock,
  // not the flow a surge needs), extreme weather (NWS alerts) and regulatory actions; the last two read
  // feeds not ingested here, so they emit nothing either.
  for (const c of i.chokepoints ?? []) {
    const flowDrop = c.flowRatio !== undefined && c.flowRatio < 0.7;
    if (c.disruptionScore >= 50 || flowDrop) {
      const why = flowDrop
        ? `flow at ${Math.round(c.flowRatio! * 100)}% of baseline`
        : `disruption score ${c.disruptionScore}`;
      out.push(
        make(
          'SHIPPING_DISRUPTION',
          CHOKEPOINT_THEATER[c.id] ?? 'Global',
          Math.min(2, 1 + c.disruptionScore / 100),
          `${c.name}: ${why}`,
          c.at,
          c.id,
        ),
      );
    }
  }
  return out;
}

/**
 * Theaters where at least three distinct signal types fire become one composite escalation:
 * 4 x min(3, 1 + types/3) + 0.2 x the members' scores.
 */
export function composites(signals: readonly Signal[]): Signal[] {
  const out: Signal[] = [];
  for (const [theater, members] of byTheater(
    signals.filter((s) => s.theater !== 'Global'),
    (s) => s.theater,
  )) {
    const kinds = [...new Set(members.map((m) => m.kind))].sort();
    if (kinds.length < 3) continue;
    const score = r2(
      BASE_WEIGHT.COMPOSITE_ESCALATION * Math.min(3, 1 + kinds.length / 3) +
        0.2 * members.reduce((a, m) => a + m.score, 0),
    );
    out.push({
      id: `composite:${slug(theater)}`,
      kind: 'COMPOSITE_ESCALATION',
      theater,
      summary: `${kinds.length} kinds of signal converge in ${theater}: ${kinds.map((k) => k.toLowerCase().replace(/_/g, ' ')).join(', ')}`,
      score,
      detectedAt: Math.max(...members.map((m) => m.detectedAt)),
      contributingTypes: kinds,
      signalCount: members.length,
    });
  }
  return out;
}

/** Composites first, then by score and recency; at most 30. */
export function rankSignals(signals: readonly Signal[]): Signal[] {
  const all = [...composites(signals), ...signals];
  return all
    .sort(
      (a, b) =>
        Number(b.kind === 'COMPOSITE_ESCALATION') - Number(a.kind === 'COMPOSITE_ESCALATION') ||
        b.score - a.score ||
        b.detectedAt - a.detectedAt ||
        (a.id < b.id ? -1 : 1),
    )
    .slice(0, MAX_SIGNALS);
}
