import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import { odpHeaders, odpSearchUrl, parseOdpSearch } from '../../../../sources/uspto/odp.js';
import { mergePatents, PATENT_CATEGORIES, toDefensePatent, WATCHED_APPLICANTS, type DefensePatent } from '../rules.js';

export const DEFENSE_PATENTS = 'military.defense-patents';

const source = (subclass: string): DatasetSource => ({
  url: odpSearchUrl(subclass, WATCHED_APPLICANTS),
  sample: `military/uspto-odp-${subclass.toLowerCase()}.json`,
  headers: odpHeaders,
  requires: ['USPTO_API_KEY'],
});

/** One ODP search response per watched CPC subclass -> merged filings, newest first. */
export function parseDefensePatents(payloads: Partial<Record<string, Buffer>>): DefensePatent[] {
  const lists = Object.keys(PATENT_CATEGORIES).map((subclass) => {
    const bytes = payloads[subclass];
    if (!bytes) throw new Error(`USPTO ODP response for ${subclass} is missing`);
    return parseOdpSearch(bytes).map((a) => toDefensePatent(a, subclass));
  });
  return mergePatents(lists);
}

export const defensePatentsDataset: Dataset<DefensePatent> = {
  name: DEFENSE_PATENTS,
  source: 'USPTO Open Data Portal patent applications (needs USPTO_API_KEY)',
  // Refreshed weekly.
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 21,
  sources: Object.fromEntries(Object.keys(PATENT_CATEGORIES).map((subclass) => [subclass, source(subclass)])),
  parse(payloads) {
    return { records: parseDefensePatents(payloads) };
  },
};
