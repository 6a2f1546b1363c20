/**
 * BIS statistics data API (SDMX 2.1 REST, https://stats.bis.org/api/v1). No credential; answers
 * SDMX-CSV with `format=csv`. Rows are read with `parseSdmxCsv` of the shared format parsers.
 */
export const BIS_API = 'https://stats.bis.org/api/v1';

/** Address of one dataflow query: `key` is the dot-separated series key (`M.US+GB`), params as given. */
export function bisDataUrl(flow: string, key: string, params: Record<string, string>): string {
  const q = new URLSearchParams({ ...params, detail: 'dataonly', format: 'csv' });
  return `${BIS_API}/data/${flow}/${key}/all?${q.toString()}`;
}

export const BIS_CSV_HEADERS = () => ({ accept: 'text/csv' });
