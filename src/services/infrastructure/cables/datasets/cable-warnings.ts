import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { NGA_BROADCAST_WARNINGS_URL, parseBroadcastWarnings } from '../../../../sources/nga-msi/broadcast-warnings.js';
import { isCableRelated, matchCables, signalsOf, type Signal } from '../rules.js';

export const CABLE_WARNINGS = 'infrastructure.cable-warnings';

/** A cable-related navigational warning with what it says about each cable it concerns. */
export interface CableWarning {
  id: string;
  summary: string;
  issuedAt: number;
  cables: { id: string; signals: Signal[] }[];
}

export function cableWarningsFrom(bytes: Buffer | string): CableWarning[] {
  return parseBroadcastWarnings(bytes).flatMap((w) => {
    if (!isCableRelated(w.text)) return [];
    const matches = matchCables(w.text);
    if (matches.length === 0) return [];
    const summary = w.text.replace(/\s+/g, ' ').trim().slice(0, 240);
    return [
      {
        id: w.id,
        summary,
        issuedAt: w.issuedAt,
        cables: matches.map((m) => ({ id: m.id, signals: signalsOf(w.text, m.km, m.km === 0, w.issuedAt) })),
      },
    ];
  });
}

export const cableWarningsDataset: Dataset<CableWarning> = {
  name: CABLE_WARNINGS,
  source: 'NGA Maritime Safety Information broadcast warnings',
  kind: 'live',
  maxStaleMinutes: 90,
  sources: { nga: { url: NGA_BROADCAST_WARNINGS_URL, sample: 'infrastructure/nga-broadcast-warnings.json' } },
  // No cable-related warning in force is a normal day.
  allowEmpty: true,
  parse(payloads) {
    return { records: cableWarningsFrom(payloads.nga!) };
  },
};
