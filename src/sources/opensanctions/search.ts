import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/** OpenSanctions hosted API (key required: `Authorization: ApiKey <key>`). */
export const OPENSANCTIONS_API = 'https://api.opensanctions.org';

export function openSanctionsSearchUrl(q: string, limit: number): string {
  return `${OPENSANCTIONS_API}/search/default?${new URLSearchParams({ q, limit: String(limit) }).toString()}`;
}

export interface OpenSanctionsMatch {
  id: string;
  name: string;
  entityType: string;
  countryCodes: string[];
  programs: string[];
}

const SCHEMA_TYPES: Record<string, string> = { Vessel: 'vessel', Aircraft: 'aircraft', Person: 'individual' };
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** `/search` JSON (`{results:[{id, caption, schema, properties}], total:{value}}`) -> matches. */
export function parseOpenSanctionsSearch(
  input: Buffer | string,
  limit: number,
): { results: OpenSanctionsMatch[]; total: number } {
  const doc = parseJsonText('OpenSanctions', input);
  if (!isObject(doc) || !Array.isArray(doc.results)) throw new FormatError('OpenSanctions', 'no results array');
  const results: OpenSanctionsMatch[] = [];
  for (const r of doc.results as unknown[]) {
    if (!isObject(r) || typeof r.id !== 'string') continue;
    const p = isObject(r.properties) ? r.properties : {};
    const countries = strings(p.country).length ? strings(p.country) : strings(p.nationality);
    results.push({
      id: `opensanctions:${r.id}`,
      name: strings(p.name)[0] ?? String(r.caption ?? r.id),
      entityType: SCHEMA_TYPES[String(r.schema)] ?? 'entity',
      countryCodes: countries.slice(0, 3).map((c) => c.toUpperCase()),
      programs: (strings(p.program).length ? strings(p.program) : strings(p.sanctions)).slice(0, 3),
    });
  }
  const total = isObject(doc.total) && typeof doc.total.value === 'number' ? doc.total.value : results.length;
  return { results: results.slice(0, limit), total };
}
