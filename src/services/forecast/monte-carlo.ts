/**
 * The simulation package and its seeded Monte Carlo. The package groups the forecast cards into
 * theaters (one per region), each card a path with its probability and cascades. The simulation plays
 * every theater a fixed number of times with a generator seeded from the run id and theater id:
 * each path happens with its probability, a path that happens may set off its cascades in the same
 * theater, and the outcomes are counted. What the published outcome reports (top paths, dominant
 * reactions, stabilizers) is read from those counts. Same package -> same bytes. Pure.
 */
import { createHash } from 'node:crypto';
import type { CompletionStatus } from './rules.js';

export const SIMULATION_SCHEMA_VERSION = 'v1';
export const SIMULATION_TRIALS = 10_000;
/** Theaters kept in a package, ranked by their most probable path. */
export const MAX_THEATERS = 8;

export interface PackagePath {
  pathId: string;
  forecastId: string;
  label: string;
  domain: string;
  region: string;
  probability: number;
  cascades: { domain: string; probability: number }[];
}

/** One theater of the package (a row of forecast.simulation-package). */
export interface PackageTheater {
  theaterId: string;
  theaterLabel: string;
  theaterRegion: string;
  /** The domain of the theater's most probable path. */
  stateKind: string;
  paths: PackagePath[];
}

export interface SimulationPackageInfo {
  runId: string;
  schemaVersion: string;
  generatedAt: number;
  /** First 16 hex digits of SHA-256(pkgKey). */
  fingerprint: string;
  pkgKey: string;
}

interface CardLike {
  id: string;
  title: string;
  domain: string;
  region: string;
  probability: number;
  cascades: readonly { domain: string; probability: number }[];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The package of a forecast document generated at `at`: theaters by region, ranked by their most
 * probable path (then by label), `theater-1`... as the published ids; the run id is `<at>-<8 hex of the
 * cards' digest>` so a new document gives a new run.
 */
export function buildSimulationPackage(
  cards: readonly CardLike[],
  at: number,
): { records: PackageTheater[]; info: SimulationPackageInfo } {
  const byRegion = new Map<string, CardLike[]>();
  for (const c of cards) byRegion.set(c.region, [...(byRegion.get(c.region) ?? []), c]);
  const ranked = [...byRegion]
    .map(([region, cs]) => ({
      region,
      cards: [...cs].sort((a, b) => b.probability - a.probability || (a.id < b.id ? -1 : 1)),
    }))
    .sort((a, b) => b.cards[0]!.probability - a.cards[0]!.probability || a.region.localeCompare(b.region))
    .slice(0, MAX_THEATERS);
  const records = ranked.map(({ region, cards: cs }, i): PackageTheater => {
    const theaterId = `theater-${i + 1}`;
    return {
      theaterId,
      theaterLabel: region,
      theaterRegion: region,
      stateKind: cs[0]!.domain,
      paths: cs.map((c, j) => ({
        pathId: `${theaterId}-path-${j + 1}`,
        forecastId: c.id,
        label: c.title,
        domain: c.domain,
        region: c.region,
        probability: c.probability,
        cascades: c.cascades.map((x) => ({ domain: x.domain, probability: x.probability })),
      })),
    };
  });
  const digest = sha256(JSON.stringify(records)).slice(0, 8);
  const runId = `${at}-${digest}`;
  const pkgKey = `forecast/simulation-package/${runId}.json`;
  return {
    records,
    info: {
      runId,
      schemaVersion: SIMULATION_SCHEMA_VERSION,
      generatedAt: at,
      fingerprint: sha256(pkgKey).slice(0, 16),
      pkgKey,
    },
  };
}

/** mulberry32: a small, well-mixed 32-bit generator; uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of one theater: the first 32 bits of SHA-256("runId:theaterId"). */
export function theaterSeed(runId: string, theaterId: string): number {
  return parseInt(sha256(`${runId}:${theaterId}`).slice(0, 8), 16);
}

/** One run of a theater: which paths happened (their indices, ascending). */
export function playOnce(paths: readonly PackagePath[], rand: () => number): number[] {
  const happened = new Set<number>();
  const queue: number[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (rand() < paths[i]!.probability) {
      happened.add(i);
      queue.push(i);
    }
  }
  // A path that happened may set off, once, each not-yet-happened path of a domain it cascades into.
  while (queue.length) {
    const src = paths[queue.shift()!]!;
    for (const cascade of src.cascades) {
      for (let j = 0; j < paths.length; j++) {
        if (happened.has(j) || paths[j]!.domain !== cascade.domain) continue;
        if (rand() < cascade.probability) {
          happened.add(j);
          queue.push(j);
        }
      }
    }
  }
  return [...happened].sort((a, b) => a - b);
}

/** The published outcome shape of one theater (the `uiTheaters` entries of theaterSummariesJson). */
export interface UiTheater {
  theaterId: string;
  theaterLabel: string;
  stateKind: string;
  topPaths: {
    pathId: string;
    label: string;
    summary: string;
    confidence: number;
    keyActors: string[];
    keyActorRoles: string[];
  }[];
  dominantReactions: string[];
  stabilizers: string[];
  invalidators: string[];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const pct = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

/**
 * `trials` runs of one theater. Top paths: the three most frequent combinations of paths that happened
 * (ties by first appearance order of indices), confidence = their share of runs. Dominant reactions: the
 * three paths that happened most often, with their share. Stabilizer: the share of runs where nothing did.
 */
export function simulateTheater(t: PackageTheater, runId: string, trials = SIMULATION_TRIALS): UiTheater {
  const rand = mulberry32(theaterSeed(runId, t.theaterId));
  const combos = new Map<string, number>();
  const marginal = new Array<number>(t.paths.length).fill(0);
  let quiet = 0;
  for (let n = 0; n < trials; n++) {
    const hit = playOnce(t.paths, rand);
    if (!hit.length) {
      quiet++;
      continue;
    }
    for (const i of hit) marginal[i]!++;
    const key = hit.join(',');
    combos.set(key, (combos.get(key) ?? 0) + 1);
  }
  const top = [...combos]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([key, count], rank) => {
      const members = key.split(',').map((i) => t.paths[Number(i)]!);
      const label = members.map((p) => p.label).join(' + ');
      return {
        pathId: `${t.theaterId}-outcome-${rank + 1}`,
        label,
        summary: `${members.length === 1 ? 'Only this development' : `These ${members.length} developments together`} in ${count} of ${trials} simulated runs (${pct(count / trials)}).`,
        confidence: round3(count / trials),
        keyActors: [...new Set(members.map((p) => p.region))].slice(0, 4),
        keyActorRoles: [] as string[],
      };
    });
  const reactions = t.paths
    .map((p, i) => ({ p, share: marginal[i]! / trials }))
    .filter((r) => r.share > 0)
    .sort((a, b) => b.share - a.share || (a.p.pathId < b.p.pathId ? -1 : 1))
    .slice(0, 3)
    .map((r) => `${r.p.label}: ${pct(r.share)} of runs`);
  return {
    theaterId: t.theaterId,
    theaterLabel: t.theaterLabel || t.theaterId,
    stateKind: t.stateKind,
    topPaths: top,
    dominantReactions: reactions,
    stabilizers: quiet > 0 ? [`None of the theater's forecasts happens in ${pct(quiet / trials)} of runs`] : [],
    invalidators: [],
  };
}

export interface SimulationOutcome {
  runId: string;
  schemaVersion: string;
  /** Theaters simulated (the published count of completed theater results). */
  theaterCount: number;
  eligibleTheaterCount: number;
  failedTheaterCount: number;
  completionStatus: CompletionStatus;
  /** The package's date: the outcome describes that package, so it carries its time. */
  generatedAt: number;
  uiTheaters: UiTheater[];
}

/** Every theater with at least one path, played `trials` times. */
export function simulatePackage(
  info: Pick<SimulationPackageInfo, 'runId' | 'generatedAt'>,
  theaters: readonly PackageTheater[],
  trials = SIMULATION_TRIALS,
): SimulationOutcome {
  const eligible = theaters.filter((t) => t.paths.length > 0);
  const uiTheaters = eligible.map((t) => simulateTheater(t, info.runId, trials));
  return {
    runId: info.runId,
    schemaVersion: SIMULATION_SCHEMA_VERSION,
    theaterCount: uiTheaters.length,
    eligibleTheaterCount: eligible.length,
    failedTheaterCount: 0,
    completionStatus: eligible.length === 0 ? 'no_eligible_theaters' : 'completed',
    generatedAt: info.generatedAt,
    uiTheaters,
  };
}
