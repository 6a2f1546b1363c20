/** alternative.me crypto Fear & Greed index: JSON, no credential, newest day first. */
export const FNG_URL = 'https://api.alternative.me/fng/?limit=30&format=json';

export interface FngDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  value: number;
  classification: string;
}

/** Days oldest first; refuses an answer without a data list or with an error. */
export function parseFng(input: Buffer | string): FngDay[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('Fear & Greed: answer is not JSON');
  }
  const d = doc as { data?: unknown; metadata?: { error?: unknown } };
  if (d?.metadata?.error) throw new Error(`Fear & Greed: ${String(d.metadata.error)}`);
  if (!Array.isArray(d?.data)) throw new Error('Fear & Greed: answer has no data list');
  const out: FngDay[] = [];
  for (const r of d.data as Record<string, unknown>[]) {
    const value = Number(r.value);
    const ts = Number(r.timestamp);
    if (!Number.isInteger(value) || value < 0 || value > 100 || !Number.isFinite(ts)) continue;
    out.push({
      date: new Date(ts * 1000).toISOString().slice(0, 10),
      value,
      classification: String(r.value_classification ?? ''),
    });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}
