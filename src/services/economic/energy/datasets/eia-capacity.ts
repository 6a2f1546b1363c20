import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { eiaDataUrl, eiaNumber, parseEiaRows, withEiaKey } from '../../../../sources/eia/client.js';
import { CAPACITY_SOURCES, COAL_SUBTYPES, type CapabilityRow } from '../rules.js';

export const EIA_CAPACITY = 'economic.eia-capacity';

/** Years of history asked for, counted back from the current year. */
const YEARS_BACK = 20;
/** EIA's largest page; the state-by-source table for twenty years spans two. */
const PAGE = 5000;

const query = (now: number) => ({
  frequency: 'annual' as const,
  data: ['capability'],
  facets: { energySourceId: [...CAPACITY_SOURCES.map((s) => s.id), ...COAL_SUBTYPES].sort(), producerTypeId: ['TOT'] },
  start: String(new Date(now).getUTCFullYear() - YEARS_BACK),
  length: PAGE,
});

const ROUTE = 'electricity/state-electricity-profiles/capability';

/** Net summer capability rows per state, source and year. */
export function buildCapability(bytes: Buffer): CapabilityRow[] {
  const out: CapabilityRow[] = [];
  for (const row of parseEiaRows(bytes)) {
    const mw = eiaNumber(row.capability);
    const year = Number(row.period);
    if (mw === undefined || !Number.isInteger(year) || typeof row.energySourceId !== 'string') continue;
    out.push({ year, state: String(row.stateId ?? ''), energySource: row.energySourceId, capabilityMw: mw });
  }
  if (out.length === 0) throw new Error('EIA: capability answer has no usable rows');
  return out;
}

export const eiaCapacityDataset: Dataset<CapabilityRow> = {
  name: EIA_CAPACITY,
  source: 'U.S. Energy Information Administration, API v2: state electricity profiles, net summer capability',
  kind: 'live',
  maxStaleMinutes: 2_880,
  sources: {
    capability: {
      url: eiaDataUrl(ROUTE, query(Date.UTC(2026, 0, 1))),
      urlAt: (now) => eiaDataUrl(ROUTE, query(now)),
      sample: 'economic/eia/electricity-capability-annual.json',
      requires: ['EIA_API_KEY'],
      // Pages until EIA's `total` is reached; the rows are joined into one answer of the same shape.
      fetch: async (get, { now, config }) => {
        const first = eiaDataUrl(ROUTE, query(now));
        const rows: unknown[] = [];
        for (let offset = 0; ; offset += PAGE) {
          const bytes = await get(withEiaKey(first.replace('offset=0', `offset=${offset}`), config));
          const doc = JSON.parse(bytes.toString('utf8')) as {
            response?: { total?: string | number; data?: unknown[] };
          };
          const page = parseEiaRows(bytes);
          rows.push(...page);
          if (page.length < PAGE || rows.length >= Number(doc.response?.total ?? 0)) break;
        }
        return Buffer.from(JSON.stringify({ response: { total: rows.length, data: rows } }));
      },
    },
  },
  parse: (payloads) => ({ records: buildCapability(payloads.capability!) }),
};
