import { parseArcgisFeatures } from '../formats/arcgis.js';

/** Toronto Police Service Public Safety Data Portal: ArcGIS feature services (no key). */
const TPS_ARCGIS = 'https://services.arcgis.com/S9th0jAJ7bqgIRjw/arcgis/rest/services';
export const TPS_MCI_LAYER = `${TPS_ARCGIS}/Major_Crime_Indicators_Open_Data/FeatureServer/0`;
export const TPS_CALLS_LAYER = `${TPS_ARCGIS}/Calls_for_Service_Attended_(ASR_CS_TBL_003)/FeatureServer/0`;
export const TPS_LICENCE = 'Open Government Licence – Toronto';

/** Major-crime reports of the 90 days before `now`, newest first (one page of up to 2000). */
export function mciQueryUrl(now: number): string {
  const since = new Date(now - 90 * 86_400_000).toISOString().slice(0, 10);
  const q = new URLSearchParams({
    where: `REPORT_DATE >= DATE '${since}'`,
    outFields: '*',
    orderByFields: 'REPORT_DATE DESC',
    resultRecordCount: '2000',
    outSR: '4326',
    f: 'json',
  });
  return `${TPS_MCI_LAYER}/query?${q.toString()}`;
}

export function callsQueryUrl(): string {
  const q = new URLSearchParams({
    where: '1=1',
    outFields: '*',
    orderByFields: 'EVENT_YEAR DESC',
    resultRecordCount: '1000',
    f: 'json',
  });
  return `${TPS_CALLS_LAYER}/query?${q.toString()}`;
}

/** One major-crime report (assault, break and enter, robbery, auto theft, theft over). */
export interface MciReport {
  objectId: number;
  eventUniqueId: string;
  /** Epoch ms (the service stores dates only, at local midnight). */
  reportDate: number;
  occurrenceDate: number;
  division: string;
  locationType: string;
  premisesType: string;
  offence: string;
  mciCategory: string;
  /** 158-neighbourhood name with its number, e.g. `Annex (95)`. */
  neighbourhood: string;
  longitude: number;
  latitude: number;
}

/** Calls for service attended in one year, division and neighbourhood. */
export interface CallsAttended {
  objectId: number;
  eventYear: number;
  /** Division as recorded at the time. */
  divisionOriginal: string;
  /** Division under today's boundaries. */
  divisionFinal: string;
  neighbourhood: string;
  count: number;
}

const s = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v));
const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : NaN);

/** MCI FeatureSet -> reports; features without an object id or report date are skipped. */
export function parseMciReports(input: Buffer | string): MciReport[] {
  return parseArcgisFeatures(input).flatMap(({ attributes: a, geometry }) => {
    const objectId = n(a.OBJECTID);
    const reportDate = n(a.REPORT_DATE);
    if (!Number.isInteger(objectId) || !Number.isFinite(reportDate)) return [];
    return [
      {
        objectId,
        eventUniqueId: s(a.EVENT_UNIQUE_ID),
        reportDate,
        occurrenceDate: n(a.OCC_DATE),
        division: s(a.DIVISION),
        locationType: s(a.LOCATION_TYPE),
        premisesType: s(a.PREMISES_TYPE),
        offence: s(a.OFFENCE),
        mciCategory: s(a.MCI_CATEGORY),
        neighbourhood: s(a.NEIGHBOURHOOD_158),
        longitude: Number.isFinite(n(a.LONG_WGS84)) ? n(a.LONG_WGS84) : (geometry?.x ?? 0),
        latitude: Number.isFinite(n(a.LAT_WGS84)) ? n(a.LAT_WGS84) : (geometry?.y ?? 0),
      },
    ];
  });
}

/** Calls-attended FeatureSet -> rows; rows without a year or count are skipped. */
export function parseCallsAttended(input: Buffer | string): CallsAttended[] {
  return parseArcgisFeatures(input).flatMap(({ attributes: a }) => {
    const objectId = n(a.OBJECTID);
    const eventYear = n(a.EVENT_YEAR);
    const count = n(a.COUNT_);
    if (!Number.isInteger(objectId) || !Number.isInteger(eventYear) || !Number.isFinite(count)) return [];
    return [
      {
        objectId,
        eventYear,
        divisionOriginal: s(a.DIVISION),
        divisionFinal: s(a.DIVISION_FINAL) || s(a.DIVISION),
        neighbourhood: s(a.NEIGHBOURHOOD_158),
        count,
      },
    ];
  });
}
