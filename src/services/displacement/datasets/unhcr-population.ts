import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { countryByCode, type Country } from '../../../reference/countries.js';
import { countryWeight } from '../rules.js';
import type { CountryDisplacement, DisplacementFlow, DisplacementSummary } from '../schemas.js';

export const DISPLACEMENT_SUMMARY = 'displacement.summary';

export type StoredRow = ({ kind: 'country' } & CountryDisplacement) | ({ kind: 'flow' } & DisplacementFlow);

export interface SummaryInfo {
  year: number;
  globalTotals: DisplacementSummary['globalTotals'];
}

// UNHCR writes figures as numbers, numeric strings, or "-" for a figure it does not publish.
const Figure = z.union([z.number(), z.string(), z.null()]).optional();
const Item = z.object({
  year: z.union([z.number(), z.string()]),
  coo_iso: z.string().nullish(),
  coo_name: z.string().nullish(),
  coa_iso: z.string().nullish(),
  coa_name: z.string().nullish(),
  refugees: Figure,
  asylum_seekers: Figure,
  idps: Figure,
  stateless: Figure,
  oip: Figure,
});
const Page = z.object({ items: z.array(z.unknown()) });

function figure(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

interface Acc {
  country: Country;
  name: string;
  refugees: number;
  asylumSeekers: number;
  idps: number;
  stateless: number;
  hostRefugees: number;
  hostAsylumSeekers: number;
}

const location = (c: Country) => ({ latitude: c.lat, longitude: c.lon });

/**
 * UNHCR population statistics (`/population/v1/population/` with every origin and asylum country
 * broken out) for the newest year in the answer -> per-country figures and origin-asylum flows.
 * Refugees include other people in need of international protection, as UNHCR's headline does.
 * Codes become ISO alpha-2; rows whose country UNHCR leaves unknown count only in the totals.
 */
export function buildSummary(bytes: Buffer): { records: StoredRow[]; info: SummaryInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`UNHCR answer is not JSON: ${(err as Error).message}`);
  }
  const page = Page.safeParse(json);
  if (!page.success) throw new Error('UNHCR answer has no items list');
  const items = page.data.items.flatMap((raw) => {
    const r = Item.safeParse(raw);
    const year = r.success ? Number(r.data.year) : NaN;
    return r.success && Number.isInteger(year) ? [{ ...r.data, year }] : [];
  });
  if (items.length === 0)
    return {
      records: [],
      info: { year: 0, globalTotals: { refugees: 0, asylumSeekers: 0, idps: 0, stateless: 0, total: 0 } },
    };
  const year = Math.max(...items.map((i) => i.year));

  const totals = { refugees: 0, asylumSeekers: 0, idps: 0, stateless: 0, total: 0 };
  const byCode = new Map<string, Acc>();
  const acc = (iso: string | null | undefined): Acc | undefined => {
    const c = iso ? countryByCode(iso) : undefined;
    if (!c) return undefined;
    let a = byCode.get(c.alpha2);
    if (!a)
      byCode.set(
        c.alpha2,
        (a = {
          country: c,
          name: c.name,
          refugees: 0,
          asylumSeekers: 0,
          idps: 0,
          stateless: 0,
          hostRefugees: 0,
          hostAsylumSeekers: 0,
        }),
      );
    return a;
  };
  const flows = new Map<string, DisplacementFlow>();

  for (const i of items) {
    if (i.year !== year) continue;
    const refugees = figure(i.refugees) + figure(i.oip);
    const asylum = figure(i.asylum_seekers);
    const idps = figure(i.idps);
    const stateless = figure(i.stateless);
    totals.refugees += refugees;
    totals.asylumSeekers += asylum;
    totals.idps += idps;
    totals.stateless += stateless;
    const origin = acc(i.coo_iso);
    const host = acc(i.coa_iso);
    if (origin) {
      origin.refugees += refugees;
      origin.asylumSeekers += asylum;
      origin.idps += idps;
    }
    if (host) {
      host.stateless += stateless;
      if (host !== origin) {
        host.hostRefugees += refugees;
        host.hostAsylumSeekers += asylum;
      }
    }
    if (origin && host && origin !== host && refugees > 0) {
      const key = `${origin.country.alpha2}>${host.country.alpha2}`;
      const f = flows.get(key);
      if (f) f.refugees += refugees;
      else
        flows.set(key, {
          originCode: origin.country.alpha2,
          originName: origin.name,
          asylumCode: host.country.alpha2,
          asylumName: host.name,
          refugees,
          originLocation: location(origin.country),
          asylumLocation: location(host.country),
        });
    }
  }
  totals.total = totals.refugees + totals.asylumSeekers + totals.idps + totals.stateless;

  const countries: CountryDisplacement[] = [...byCode.values()]
    .map((a) => ({
      code: a.country.alpha2,
      name: a.name,
      refugees: a.refugees,
      asylumSeekers: a.asylumSeekers,
      idps: a.idps,
      stateless: a.stateless,
      totalDisplaced: a.refugees + a.asylumSeekers + a.idps,
      hostRefugees: a.hostRefugees,
      hostAsylumSeekers: a.hostAsylumSeekers,
      hostTotal: a.hostRefugees + a.hostAsylumSeekers,
      location: location(a.country),
    }))
    .sort((x, y) => countryWeight(y) - countryWeight(x) || (x.code < y.code ? -1 : 1));
  const topFlows = [...flows.values()].sort(
    (x, y) => y.refugees - x.refugees || (x.originCode + x.asylumCode < y.originCode + y.asylumCode ? -1 : 1),
  );
  return {
    records: [
      ...countries.map((c) => ({ kind: 'country' as const, ...c })),
      ...topFlows.map((f) => ({ kind: 'flow' as const, ...f })),
    ],
    info: { year, globalTotals: totals },
  };
}

export const unhcrPopulationDataset: Dataset<StoredRow, SummaryInfo> = {
  name: DISPLACEMENT_SUMMARY,
  source: 'UNHCR Refugee Population Statistics',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  sources: {
    population: {
      // Without a year the API answers with its latest published year.
      url: 'https://api.unhcr.org/population/v1/population/?limit=10000&page=1&coo_all=true&coa_all=true',
      sample: 'displacement/unhcr-population-2025.json',
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse: (payloads) => buildSummary(payloads.population!),
};
