import { FormatError, parseJsonText } from '../formats/errors.js';

export const WIKIDATA_SPARQL_ENDPOINT = 'https://query.wikidata.org/sparql';

/** The query service address for a SPARQL query, answered as SPARQL JSON results (no key). */
export function wikidataSparqlUrl(query: string): string {
  return `${WIKIDATA_SPARQL_ENDPOINT}?format=json&query=${encodeURIComponent(query.replace(/\s+/g, ' ').trim())}`;
}

/** SPARQL 1.1 JSON results -> one plain record per binding (variable -> value; unbound variables absent). */
export function parseSparqlBindings(input: Buffer | string): Record<string, string>[] {
  const doc = parseJsonText('SPARQL JSON', input) as { results?: { bindings?: unknown } };
  const bindings = doc?.results?.bindings;
  if (!Array.isArray(bindings)) throw new FormatError('SPARQL JSON', 'no results.bindings array');
  return bindings.map((b: Record<string, { value?: unknown }>) => {
    const row: Record<string, string> = {};
    for (const [k, v] of Object.entries(b ?? {})) if (typeof v?.value === 'string') row[k] = v.value;
    return row;
  });
}
