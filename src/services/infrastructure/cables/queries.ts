import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { Answer } from '../answer.js';
import { CABLE_WARNINGS, type CableWarning } from './datasets/cable-warnings.js';
import { cableStatus, effectiveScore } from './rules.js';
import type { CableHealthRecord, GetCableHealthResponse } from './schemas.js';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Scores every cable's signals at `now` (they fade with age); cables whose signals have all faded are left out. */
export function cableHealth(warnings: readonly CableWarning[], now: number): Record<string, CableHealthRecord> {
  const per = new Map<
    string,
    { kind: 'fault' | 'advisory' | 'repair'; score: number; confidence: number; warning: CableWarning }[]
  >();
  for (const w of warnings) {
    for (const c of w.cables) {
      for (const s of c.signals) {
        const score = effectiveScore(s, now);
        if (score <= 0) continue;
        const list = per.get(c.id) ?? [];
        list.push({ kind: s.kind, score, confidence: s.confidence, warning: w });
        per.set(c.id, list);
      }
    }
  }
  const out: Record<string, CableHealthRecord> = {};
  for (const id of [...per.keys()].sort()) {
    const scored = per.get(id)!;
    const top = scored.reduce((a, b) => (b.score > a.score ? b : a));
    const evidence = [...new Map(scored.map((s) => [s.warning.id, s.warning])).values()]
      .sort((a, b) => b.issuedAt - a.issuedAt)
      .slice(0, 3);
    out[id] = {
      status: cableStatus(scored),
      score: round2(top.score),
      confidence: round2(top.confidence),
      lastUpdated: evidence[0].issuedAt,
      evidence: evidence.map((w) => ({ source: 'NGA', summary: w.summary, ts: w.issuedAt })),
    };
  }
  return out;
}

/** Signals fade from the warnings' capture time (the data's time), so the answer is the same whenever it is asked. */
export function getCableHealth(store: SnapshotStore): Answer<GetCableHealthResponse> {
  const snapshot = store.read<CableWarning>(CABLE_WARNINGS);
  if (!snapshot) return { body: { generatedAt: 0, cables: {} }, degraded: true };
  const at = snapshot.capturedAt;
  return { body: { generatedAt: at, cables: cableHealth(snapshot.records, at) }, degraded: false };
}
