import type { OrefHistoryRow } from '../../../sources/oref/alerts.js';

/** Threat classes by the Hebrew alert title OREF publishes (English names as the answer carries them). */
const THREATS: [RegExp, string][] = [
  [/טילים|רקטות/, 'MISSILE'],
  [/כלי טיס עוין/, 'DRONE'],
  [/מחבלים/, 'INFILTRATION'],
  [/רעידת אדמה/, 'EARTHQUAKE'],
  [/צונאמי/, 'TSUNAMI'],
  [/חומרים מסוכנים/, 'HAZMAT'],
];

export function threatCategory(title: string): string {
  for (const [re, cat] of THREATS) if (re.test(title)) return cat;
  return 'ALERT';
}

export interface OrefAlert {
  id: string;
  cat: string;
  title: string;
  data: string[];
  desc: string;
  timestampMs: number;
}

export interface OrefWave {
  alerts: OrefAlert[];
  timestampMs: number;
}

/** How long waves are kept. */
export const WAVE_RETENTION_MS = 7 * 86_400_000;

/**
 * History rows -> waves: rows sounded at the same second form one wave, and within it one alert per
 * threat title listing its localities. Waves older than a week before `now` are dropped; newest first.
 */
export function toWaves(rows: readonly OrefHistoryRow[], now: number): OrefWave[] {
  const byTime = new Map<number, Map<string, OrefAlert>>();
  for (const r of rows) {
    if (r.at < now - WAVE_RETENTION_MS) continue;
    const wave = byTime.get(r.at) ?? new Map<string, OrefAlert>();
    const alert = wave.get(r.title) ?? {
      id: `${r.at}-${r.category}`,
      cat: threatCategory(r.title),
      title: r.title,
      data: [],
      desc: '',
      timestampMs: r.at,
    };
    if (!alert.data.includes(r.locality)) alert.data.push(r.locality);
    wave.set(r.title, alert);
    byTime.set(r.at, wave);
  }
  return [...byTime.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([t, w]) => ({ timestampMs: t, alerts: [...w.values()] }));
}

/** Alert count of waves: one per locality alerted (an alert without localities counts once). */
export function localityCount(waves: readonly OrefWave[]): number {
  let n = 0;
  for (const w of waves) for (const a of w.alerts) n += a.data.length || 1;
  return n;
}
