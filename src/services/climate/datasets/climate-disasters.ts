import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { resolveCountry } from '../../../reference/countries.js';
import { parseReliefwebDisasters, reliefwebDisastersUrl } from '../../../sources/reliefweb/disasters.js';
import { DISASTER_TYPE_CODES, disasterSeverity, disasterTypeOf } from '../rules.js';
import type { ClimateDisaster } from '../schemas.js';

export const CLIMATE_DISASTERS = 'climate.disasters';

export function disastersFromReliefweb(bytes: Buffer | string): ClimateDisaster[] {
  return parseReliefwebDisasters(bytes)
    .filter((d) => DISASTER_TYPE_CODES.includes(d.typeCode))
    .map((d) => {
      const country = resolveCountry(d.iso3) ?? resolveCountry(d.countryName);
      return {
        id: `reliefweb-${d.id}`,
        type: disasterTypeOf(d.typeCode),
        name: d.name,
        country: country?.name ?? d.countryName,
        countryCode: country?.alpha2 ?? '',
        lat: d.lat ?? country?.lat ?? 0,
        lng: d.lon ?? country?.lon ?? 0,
        severity: disasterSeverity(d.status),
        startedAt: d.eventAt,
        status: d.status,
        affectedPopulation: 0,
        source: 'ReliefWeb',
        sourceUrl: d.url,
      };
    })
    .sort((a, b) => b.startedAt - a.startedAt || (a.id < b.id ? -1 : 1));
}

export const climateDisastersDataset: Dataset<ClimateDisaster> = {
  name: CLIMATE_DISASTERS,
  source: 'ReliefWeb disasters (floods, cyclones, droughts, heat waves, wildfires)',
  kind: 'live',
  maxStaleMinutes: 18 * 60,
  sources: {
    reliefweb: {
      url: reliefwebDisastersUrl('APPNAME', DISASTER_TYPE_CODES),
      sample: 'climate/reliefweb-disasters.json',
      requires: ['RELIEFWEB_APPNAME'],
      urlAt: (_now, config) => reliefwebDisastersUrl(config.RELIEFWEB_APPNAME ?? 'APPNAME', DISASTER_TYPE_CODES),
      fetch: (get, { config }) => {
        if (!config.RELIEFWEB_APPNAME)
          return Promise.reject(
            new Error('RELIEFWEB_APPNAME is not set: ReliefWeb serves approved application names only'),
          );
        return get(reliefwebDisastersUrl(config.RELIEFWEB_APPNAME, DISASTER_TYPE_CODES));
      },
    },
  },
  parse(payloads) {
    return { records: disastersFromReliefweb(payloads.reliefweb!) };
  },
};
