import { z } from 'zod';
import { FormatError, parseJsonText } from '../formats/errors.js';

/**
 * National Bureau of Statistics of China, English data portal query API (`easyquery.htm`,
 * `m=QueryData`): a grid of data nodes keyed by indicator (`zb`) and period (`sj`), with the
 * indicators' names and units in `wdnodes`. Monthly database `hgyd`, last 13 months.
 */
export const NBS_MONTHLY_URL =
  'https://data.stats.gov.cn/english/easyquery.htm?m=QueryData&dbcode=hgyd&rowcode=zb&colcode=sj&wds=%5B%5D&dfwds=%5B%7B%22wdcode%22%3A%22sj%22%2C%22valuecode%22%3A%22LAST13%22%7D%5D';
export const NBS_PORTAL = 'https://data.stats.gov.cn/english/';

export interface NbsObservation {
  indicatorCode: string;
  indicator: string;
  unit: string;
  /** YYYY-MM. */
  period: string;
  value: number;
}

const FORMAT = 'NBS easyquery';
const Doc = z.object({
  returncode: z.number(),
  returndata: z.object({
    datanodes: z.array(
      z.object({
        data: z.object({ data: z.number(), hasdata: z.boolean() }),
        wds: z.array(z.object({ valuecode: z.string(), wdcode: z.string() })),
      }),
    ),
    wdnodes: z.array(
      z.object({
        wdcode: z.string(),
        nodes: z.array(
          z.object({
            code: z.string(),
            cname: z.string().default(''),
            name: z.string().default(''),
            unit: z.string().default(''),
          }),
        ),
      }),
    ),
  }),
});

/** Every observation with data, by indicator then period (oldest first). */
export function parseNbsEasyquery(input: Buffer | string): NbsObservation[] {
  const raw = parseJsonText(FORMAT, input) as { returncode?: unknown; returndata?: unknown };
  if (raw && typeof raw === 'object' && raw.returncode !== 200)
    throw new FormatError(
      FORMAT,
      `the portal answered returncode ${String(raw.returncode)}: ${typeof raw.returndata === 'string' ? raw.returndata : 'no data'}`,
    );
  const doc = Doc.safeParse(raw);
  if (!doc.success)
    throw new FormatError(
      FORMAT,
      `unexpected shape at ${doc.error.issues[0]?.path.join('.')}: ${doc.error.issues[0]?.message}`,
    );
  const indicators = new Map(
    (doc.data.returndata.wdnodes.find((w) => w.wdcode === 'zb')?.nodes ?? []).map((n) => [n.code, n]),
  );
  const out: NbsObservation[] = [];
  for (const node of doc.data.returndata.datanodes) {
    if (!node.data.hasdata) continue;
    const code = node.wds.find((w) => w.wdcode === 'zb')?.valuecode;
    const sj = node.wds.find((w) => w.wdcode === 'sj')?.valuecode;
    if (!code || !sj || !/^\d{6}$/.test(sj)) continue;
    const meta = indicators.get(code);
    out.push({
      indicatorCode: code,
      indicator: meta?.name || meta?.cname || code,
      unit: meta?.unit ?? '',
      period: `${sj.slice(0, 4)}-${sj.slice(4)}`,
      value: node.data.data,
    });
  }
  return out.sort((a, b) =>
    a.indicatorCode < b.indicatorCode ? -1 : a.indicatorCode > b.indicatorCode ? 1 : a.period.localeCompare(b.period),
  );
}
