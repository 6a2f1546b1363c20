import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  HISTORY_DOMAINS,
  HISTORY_WINDOW_DAYS,
  MAX_HISTORY_RECORDS,
  withinWindow,
  type HistoryRecord,
} from '../rules.js';

export const INTEL_HISTORY = 'intelligence.intel-history';

export interface IntelHistoryInfo {
  /** When the export was written, epoch ms (0 when the document does not say). */
  exportedAt: number;
  /** Records dropped as older than the window or past the cap. */
  dropped: number;
}

const Raw = z.object({
  id: z.string().trim().min(1).max(200),
  domain: z.enum(HISTORY_DOMAINS),
  resource: z.string().max(100).default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/)
    .catch(''),
  category: z.string().max(100).default(''),
  title: z.string().trim().min(1).max(500),
  summary: z.string().max(4000).default(''),
  sourceUrl: z.string().max(2000).default(''),
  occurredAt: z.number().int().min(0),
  ingestedAt: z.number().int().min(0).optional(),
});

/**
 * Intelligence history export -> dated events and headlines. The layout (one JSON document):
 * `{ exportedAt: ISO-8601, retentionDays?: number, records: [{ id, domain: conflict|military|energy,
 * resource, country: ISO alpha-2 or '', category, title, summary, sourceUrl, occurredAt: epoch ms,
 * ingestedAt?: epoch ms }] }` — the fields of the published IntelHistoryRecord. Invalid records are
 * skipped, a repeated id keeps its latest version, and the archive is bounded: records older than
 * 180 days before the export (or the newest record when the export is undated) are dropped, then the
 * newest MAX_HISTORY_RECORDS kept.
 */
export function parseIntelHistory(bytes: Buffer): { records: HistoryRecord[]; info: IntelHistoryInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`intel history export is not JSON: ${(err as Error).message}`);
  }
  const list = (json as { records?: unknown } | null)?.records;
  if (!Array.isArray(list)) throw new Error('intel history export has no records array');
  const exportedRaw = (json as { exportedAt?: unknown }).exportedAt;
  const exportedAt =
    typeof exportedRaw === 'string' && Number.isFinite(Date.parse(exportedRaw)) ? Date.parse(exportedRaw) : 0;
  const byId = new Map<string, HistoryRecord>();
  for (const raw of list) {
    const r = Raw.safeParse(raw);
    if (!r.success) continue;
    const rec: HistoryRecord = { ...r.data, ingestedAt: r.data.ingestedAt ?? r.data.occurredAt };
    const prev = byId.get(rec.id);
    if (!prev || rec.ingestedAt >= prev.ingestedAt) byId.set(rec.id, rec);
  }
  const all = [...byId.values()];
  const anchor = exportedAt || all.reduce((m, r) => Math.max(m, r.occurredAt), 0);
  const kept = withinWindow(all, anchor, HISTORY_WINDOW_DAYS, MAX_HISTORY_RECORDS);
  return { records: kept, info: { exportedAt, dropped: all.length - kept.length } };
}

export const intelHistoryDataset: Dataset<HistoryRecord, IntelHistoryInfo> = {
  name: INTEL_HISTORY,
  source:
    'Derived here from the conflict, military and energy event snapshots, kept 180 days ' +
    '(the archive is not built yet; serves its bundled sample, a replayed archive export)',
  kind: 'derived',
  maxStaleMinutes: 24 * 60,
  sources: {
    export: {
      // The published service keeps this archive in its own store, which has no public address.
      sample: 'intelligence/intel-history.json',
    },
  },
  parse(payloads) {
    const { records, info } = parseIntelHistory(payloads.export!);
    return { records, info };
  },
};
