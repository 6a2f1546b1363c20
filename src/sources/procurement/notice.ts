/** A procurement notice as each public tender feed gives it, before any filtering. */
export interface RawNotice {
  sourceNoticeId: string;
  title: string;
  description: string;
  buyer: string;
  officialUrl: string;
  /** ISO 3166-1 alpha-2, '' when the feed does not say. */
  countryCode: string;
  /** ISO 8601, '' when unknown. */
  publishedAt: string;
  deadline: string;
  status: string;
  noticeType: string;
  amount?: number;
  currency?: string;
  categoryCodes: string[];
  sectors: string[];
}

export const iso = (v: unknown): string => {
  if (typeof v !== 'string' || v.trim() === '') return '';
  const t = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) || !v.includes('T') ? v : `${v}Z`);
  return Number.isFinite(t) ? new Date(t).toISOString() : '';
};

export function jsonOf(input: Buffer | string, what: string): unknown {
  try {
    return JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error(`${what}: answer is not JSON`);
  }
}
