import type { Config } from '../../config.js';
import { asList, parseXml, textOf } from '../../platform/xml.js';

/**
 * ENTSO-E Transparency Platform REST API (https://web-api.tp.entsoe.eu/api): day-ahead prices
 * (document type A44) of one bidding zone, as a Publication_MarketDocument XML. The security token
 * goes in the query string (`securityToken`).
 */
export const ENTSOE_API = 'https://web-api.tp.entsoe.eu/api';

/** Bidding zones (EIC codes) of the countries followed, by ISO alpha-2. */
export const ENTSOE_ZONES: Record<string, string> = {
  DE: '10Y1001A1001A82H',
  FR: '10YFR-RTE------C',
  ES: '10YES-REE------0',
  NL: '10YNL----------L',
};

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-:T]/g, '');

/** Day-ahead prices of a zone over the two days before `now` (the token is added at fetch time). */
export function entsoeDayAheadUrl(eic: string, now: number): string {
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  const q = new URLSearchParams({
    documentType: 'A44',
    in_Domain: eic,
    out_Domain: eic,
    periodStart: stamp(day - 2 * 86_400_000),
    periodEnd: stamp(day),
  });
  return `${ENTSOE_API}?${q.toString()}`;
}

export function withEntsoeToken(url: string, config: Pick<Config, 'ENTSO_E_TOKEN'>): string {
  return config.ENTSO_E_TOKEN ? `${url}&securityToken=${encodeURIComponent(config.ENTSO_E_TOKEN)}` : url;
}

/** The mean day-ahead price of a zone's newest delivery day. */
export interface DayAheadPrice {
  /** Bidding zone EIC code. */
  zone: string;
  /** Delivery day, YYYY-MM-DD. */
  date: string;
  /** Mean of the day's points, EUR/MWh, two decimals. */
  meanPriceMwh: number;
  currency: string;
}

/**
 * Publication_MarketDocument -> the newest period's mean price. An Acknowledgement_MarketDocument
 * (the API's way of refusing: no data, bad token) throws with its reason text.
 */
export function parseDayAhead(input: Buffer | string): DayAheadPrice {
  const doc = parseXml(input);
  const ack = doc.Acknowledgement_MarketDocument as Record<string, unknown> | undefined;
  if (ack)
    throw new Error(
      `ENTSO-E: ${textOf((asList(ack.Reason)[0] as Record<string, unknown> | undefined)?.text) || 'request refused'}`,
    );
  const root = doc.Publication_MarketDocument as Record<string, unknown> | undefined;
  if (!root) throw new Error('ENTSO-E: not a Publication_MarketDocument');
  let best: DayAheadPrice | undefined;
  for (const ts of asList<Record<string, unknown>>(root.TimeSeries)) {
    const zone = textOf(ts['in_Domain.mRID']);
    const currency = textOf(ts['currency_Unit.name']) || 'EUR';
    for (const period of asList<Record<string, unknown>>(ts.Period)) {
      const start = Date.parse(textOf((period.timeInterval as Record<string, unknown> | undefined)?.start));
      const prices = asList<Record<string, unknown>>(period.Point)
        .map((p) => Number(textOf(p['price.amount'])))
        .filter(Number.isFinite);
      if (!Number.isFinite(start) || prices.length === 0) continue;
      // A CET delivery day starts at 23:00 or 22:00 UTC the day before: its midday names the day.
      const date = new Date(start + 12 * 3_600_000).toISOString().slice(0, 10);
      const meanPriceMwh = Math.round((prices.reduce((a, b) => a + b, 0) / prices.length) * 100) / 100;
      if (!best || date > best.date) best = { zone, date, meanPriceMwh, currency };
    }
  }
  if (!best) throw new Error('ENTSO-E: no period with prices');
  return best;
}
