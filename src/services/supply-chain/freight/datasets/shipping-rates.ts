import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { periodChange, round2 } from '../rules.js';
import type { ShippingIndex } from '../schemas.js';

export const SHIPPING_RATES = 'supply-chain.shipping-rates';

const SseDoc = z.object({
  data: z.object({
    currentDate: z.string(),
    lastDate: z.string().default(''),
    lineDataList: z.array(
      z.object({
        dataItemTypeName: z.string().default(''),
        properties: z.string().nullish(),
        currentContent: z.coerce.number(),
        lastContent: z.coerce.number().nullish(),
        percentage: z.coerce.number().nullish(),
      }),
    ),
  }),
});

const SSE_NAMES: Record<string, string> = {
  SCFI: 'Shanghai Containerized Freight Index',
  CCFI: 'China Containerized Freight Index',
};

/**
 * Shanghai Shipping Exchange `currentIndex` JSON -> the composite index (row `<ID>_T`, or the
 * "Comprehensive Index" row): this and the previous publication, the publisher's percent change.
 */
export function parseSseIndex(bytes: Buffer, indexId: 'SCFI' | 'CCFI'): ShippingIndex {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`SSE ${indexId} answer is not JSON: ${(err as Error).message}`);
  }
  const doc = SseDoc.safeParse(json);
  if (!doc.success) throw new Error(`SSE ${indexId} answer has an unexpected shape`);
  const { currentDate, lastDate, lineDataList } = doc.data.data;
  const row =
    lineDataList.find((r) => r.properties === `${indexId}_T`) ??
    lineDataList.find((r) => /comprehensive/i.test(r.dataItemTypeName));
  if (!row) throw new Error(`SSE ${indexId} answer has no composite index row`);
  const prior = row.lastContent ?? undefined;
  const change = periodChange(row.currentContent, prior, row.percentage ?? undefined);
  return {
    indexId,
    name: SSE_NAMES[indexId]!,
    currentValue: row.currentContent,
    previousValue: prior ?? 0,
    changePct: change?.pct ?? 0,
    unit: 'index',
    history: [
      ...(prior !== undefined && isCalendarDate(lastDate) ? [{ date: lastDate, value: prior }] : []),
      ...(isCalendarDate(currentDate) ? [{ date: currentDate, value: row.currentContent }] : []),
    ],
    spikeAlert: false,
    // A decision-grade change needs a real publication date.
    ...(change && isCalendarDate(currentDate)
      ? {
          periodChangePct: change.pct,
          periodChangeBasis: change.basis,
          ...(prior !== undefined
            ? { priorPeriodValue: prior, ...(isCalendarDate(lastDate) ? { priorPeriodDate: lastDate } : {}) }
            : {}),
        }
      : {}),
  };
}

export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const BALTIC: [id: string, name: string, abbr: string][] = [
  ['BDI', 'Baltic Dry Index', 'BDI'],
  ['BCI', 'Baltic Capesize Index', 'BCI'],
  ['BPI', 'Baltic Panamax Index', 'BPI'],
  ['BSI', 'Baltic Supramax Index', 'BSI'],
  ['BHSI', 'Baltic Handysize Index', 'BHSI'],
];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * The HandyBulk Baltic Dry Index page -> the BDI family: "<name> (<abbr>) ... N points", then
 * "increased|decreased by M points" in the same sentence; the date from the "- D Month YYYY"
 * heading. A page without the BDI sentence is refused (the layout changed).
 */
export function parseBalticPage(bytes: Buffer): ShippingIndex[] {
  const text = bytes
    .toString('utf8')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
  const dm = /Baltic Dry Index\s*[-–]\s*(\d{1,2}) ([A-Za-z]+) (\d{4})/.exec(text);
  const month = dm ? MONTHS.indexOf(dm[2]!.toLowerCase()) : -1;
  const date = dm && month >= 0 ? `${dm[3]}-${String(month + 1).padStart(2, '0')}-${dm[1]!.padStart(2, '0')}` : '';
  const out: ShippingIndex[] = [];
  for (const [id, name, abbr] of BALTIC) {
    const m = new RegExp(`\\(${abbr}\\)[^.]*?([\\d,]+) points[^.]*?(increased|decreased) by ([\\d,]+) points`).exec(
      text,
    );
    if (!m) continue;
    const current = Number(m[1]!.replace(/,/g, ''));
    const delta = Number(m[3]!.replace(/,/g, '')) * (m[2] === 'decreased' ? -1 : 1);
    const prior = current - delta;
    const change = periodChange(current, prior, undefined);
    out.push({
      indexId: id,
      name,
      currentValue: current,
      previousValue: prior,
      changePct: change?.pct ?? 0,
      unit: 'index',
      history: isCalendarDate(date) ? [{ date, value: current }] : [],
      spikeAlert: false,
      // The page does not say which day the prior level was published.
      ...(change && isCalendarDate(date)
        ? { periodChangePct: change.pct, periodChangeBasis: change.basis, priorPeriodValue: prior }
        : {}),
    });
  }
  if (!out.some((i) => i.indexId === 'BDI')) throw new Error('HandyBulk page has no Baltic Dry Index figure');
  return out;
}

export const shippingRatesDataset: Dataset<ShippingIndex> = {
  name: SHIPPING_RATES,
  source: 'Shanghai Shipping Exchange SCFI and CCFI, and the Baltic Exchange dry indices as HandyBulk publishes them',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 8,
  sources: {
    scfi: { url: 'https://en.sse.net.cn/currentIndex?indexName=scfi', sample: 'supply-chain/sse-scfi.json' },
    ccfi: { url: 'https://en.sse.net.cn/currentIndex?indexName=ccfi', sample: 'supply-chain/sse-ccfi.json' },
    baltic: { url: 'https://www.handybulk.com/baltic-dry-index/', sample: 'supply-chain/handybulk-bdi.html' },
  },
  parse(payloads) {
    const records = [
      parseSseIndex(payloads.scfi!, 'SCFI'),
      parseSseIndex(payloads.ccfi!, 'CCFI'),
      ...parseBalticPage(payloads.baltic!),
    ];
    return { records: records.map((r) => ({ ...r, changePct: round2(r.changePct) })), info: {} };
  },
};
