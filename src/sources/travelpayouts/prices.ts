import { z } from 'zod';
import type { Config } from '../../config.js';

/** Travelpayouts Data API v3 `prices_for_dates`: cached fares found by real searches (indicative). */
export const PRICES_FOR_DATES_URL = 'https://api.travelpayouts.com/aviasales/v3/prices_for_dates';

export function travelpayoutsToken(config: Config): string | undefined {
  return (config as { TRAVELPAYOUTS_API_TOKEN?: string }).TRAVELPAYOUTS_API_TOKEN;
}

export function pricesUrl(q: {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate?: string;
  nonstop: boolean;
  currency: string;
  market?: string;
  limit: number;
}): string {
  const p = new URLSearchParams({
    origin: q.origin,
    destination: q.destination,
    departure_at: q.departureDate,
    direct: String(q.nonstop),
    currency: q.currency.toLowerCase(),
    sorting: 'price',
    limit: String(q.limit),
    one_way: String(!q.returnDate),
  });
  if (q.returnDate) p.set('return_at', q.returnDate);
  if (q.market) p.set('market', q.market.toLowerCase());
  return `${PRICES_FOR_DATES_URL}?${p}`;
}

export interface FareRecord {
  origin: string;
  destination: string;
  price: number;
  airline: string;
  flightNumber: string;
  departureAt: string;
  returnAt: string;
  transfers: number;
  durationMinutes: number;
  expiresAt: number;
}

const Row = z.object({
  origin: z.string(),
  destination: z.string(),
  price: z.number().positive(),
  airline: z.string().default(''),
  flight_number: z.union([z.string(), z.number()]).default(''),
  departure_at: z.string(),
  return_at: z.string().nullable().default(''),
  transfers: z.number().int().default(0),
  duration_to: z.number().nullable().optional(),
  duration: z.number().nullable().optional(),
  expires_at: z.string().nullable().optional(),
});
const Doc = z.object({
  success: z.boolean(),
  data: z.array(z.unknown()).default([]),
  currency: z.string().default('usd'),
  error: z.string().nullable().optional(),
});

/** A v3 answer -> fares and their currency; `success: false` is an error. */
export function parsePricesForDates(body: Buffer): { fares: FareRecord[]; currency: string } {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new Error(`Travelpayouts answer is not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success) throw new Error('Travelpayouts answer has an unexpected shape');
  if (!doc.data.success) throw new Error(`Travelpayouts refused the search: ${doc.data.error ?? 'unknown error'}`);
  const fares: FareRecord[] = [];
  for (const raw of doc.data.data) {
    const r = Row.safeParse(raw);
    if (!r.success) continue;
    const expires = r.data.expires_at ? Date.parse(r.data.expires_at) : Number.NaN;
    fares.push({
      origin: r.data.origin,
      destination: r.data.destination,
      price: r.data.price,
      airline: r.data.airline,
      flightNumber: String(r.data.flight_number),
      departureAt: r.data.departure_at,
      returnAt: r.data.return_at ?? '',
      transfers: r.data.transfers,
      durationMinutes: Math.round(r.data.duration_to ?? r.data.duration ?? 0),
      expiresAt: Number.isFinite(expires) ? expires : 0,
    });
  }
  return { fares, currency: doc.data.currency.toUpperCase() };
}
