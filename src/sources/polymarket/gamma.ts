import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/** Polymarket Gamma API (public, no key): events with their markets. */
export const GAMMA_API = 'https://gamma-api.polymarket.com';

export function gammaEventsUrl(tag: string, now: number): string {
  const q = new URLSearchParams({
    tag_slug: tag,
    closed: 'false',
    active: 'true',
    archived: 'false',
    end_date_min: new Date(now).toISOString(),
    order: 'volume',
    ascending: 'false',
    limit: '20',
  });
  return `${GAMMA_API}/events?${q.toString()}`;
}

export interface GammaMarket {
  question: string;
  /** Price of the first outcome ("Yes"), 0 to 1. */
  yesPrice: number;
  volume: number;
  active: boolean;
  closed: boolean;
}

export interface GammaEvent {
  id: string;
  slug: string;
  title: string;
  endDate: number | undefined;
  active: boolean;
  closed: boolean;
  volume: number;
  tags: string[];
  markets: GammaMarket[];
}

/** Gamma encodes outcome lists as JSON inside a string. */
function firstPrice(v: unknown): number {
  try {
    const list = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    const p = Array.isArray(list) ? Number(list[0]) : NaN;
    return Number.isFinite(p) && p >= 0 && p <= 1 ? p : NaN;
  } catch {
    return NaN;
  }
}

/** `/events` JSON array -> events; an object body (an API error) is a FormatError. */
export function parseGammaEvents(input: Buffer | string): GammaEvent[] {
  const doc = parseJsonText('Polymarket', input);
  if (!Array.isArray(doc))
    throw new FormatError(
      'Polymarket',
      isObject(doc) && typeof doc.error === 'string' ? `upstream error: ${doc.error}` : 'expected an array of events',
    );
  const out: GammaEvent[] = [];
  for (const e of doc as unknown[]) {
    if (!isObject(e) || typeof e.slug !== 'string' || typeof e.title !== 'string') continue;
    const end = typeof e.endDate === 'string' ? Date.parse(e.endDate) : NaN;
    out.push({
      id: String(e.id ?? e.slug),
      slug: e.slug,
      title: e.title,
      endDate: Number.isFinite(end) ? end : undefined,
      active: e.active === true,
      closed: e.closed === true,
      volume: Number(e.volume) || 0,
      tags: Array.isArray(e.tags)
        ? e.tags.flatMap((t) => (isObject(t) && typeof t.slug === 'string' ? [t.slug] : []))
        : [],
      markets: (Array.isArray(e.markets) ? e.markets : []).flatMap((m) =>
        isObject(m)
          ? [
              {
                question: String(m.question ?? ''),
                yesPrice: firstPrice(m.outcomePrices),
                volume: Number(m.volume) || 0,
                active: m.active === true,
                closed: m.closed === true,
              },
            ]
          : [],
      ),
    });
  }
  return out;
}
