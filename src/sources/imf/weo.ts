import type { Config } from '../../config.js';
import { parseSdmxJson } from '../formats/sdmx.js';

/**
 * IMF data API (SDMX 3.0, https://api.imf.org/external/sdmx/3.0): the World Economic Outlook
 * dataflow `IMF.RES/WEO`, answered as SDMX-JSON 2.0. A subscription key is optional and goes in
 * the `Ocp-Apim-Subscription-Key` header.
 */
export const IMF_SDMX_API = 'https://api.imf.org/external/sdmx/3.0';

/** Every country's annual values of one WEO indicator. */
export function weoUrl(indicator: string): string {
  return `${IMF_SDMX_API}/data/dataflow/IMF.RES/WEO/+/*.${indicator}.A`;
}

export function imfHeaders(config: Pick<Config, 'IMF_API_KEY'>): Record<string, string> {
  return {
    accept: 'application/json',
    ...(config.IMF_API_KEY ? { 'Ocp-Apim-Subscription-Key': config.IMF_API_KEY } : {}),
  };
}

/** Country code (WEO uses ISO alpha-3 and its own aggregate codes) -> year -> value. */
export function parseWeo(input: Buffer | string): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const s of parseSdmxJson(input)) {
    const country = s.key.COUNTRY ?? s.key.REF_AREA;
    if (!country) continue;
    const years = out.get(country) ?? new Map<number, number>();
    for (const o of s.observations) {
      const year = Number(o.period.slice(0, 4));
      if (o.value !== null && Number.isInteger(year)) years.set(year, o.value);
    }
    out.set(country, years);
  }
  return out;
}
