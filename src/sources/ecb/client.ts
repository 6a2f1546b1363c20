/**
 * ECB Data Portal API (SDMX 2.1 REST, https://data-api.ecb.europa.eu). No credential. Asked for
 * `format=csvdata`, it answers SDMX-CSV, read with `parseSdmxCsv` of the shared format parsers.
 */
export const ECB_API = 'https://data-api.ecb.europa.eu/service';

/** Address of one dataflow query; `key` is the dot-separated series key with `+` between alternatives. */
export function ecbDataUrl(flow: string, key: string, params: Record<string, string>): string {
  const q = new URLSearchParams({ ...params, format: 'csvdata' });
  return `${ECB_API}/data/${flow}/${key}?${q.toString()}`;
}

export const ECB_CSV_HEADERS = () => ({ accept: 'text/csv' });
