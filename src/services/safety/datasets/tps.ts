import type { Dataset } from '../../../platform/snapshots/dataset.js';
import {
  callsQueryUrl,
  mciQueryUrl,
  parseCallsAttended,
  parseMciReports,
  type CallsAttended,
  type MciReport,
} from '../../../sources/tps/open-data.js';

export const TPS_MCI = 'safety.tps-mci';
export const TPS_CALLS_ATTENDED = 'safety.tps-calls-attended';

/** Major-crime reports of the last 90 days, newest first, as the service ordered them. */
export const tpsMciDataset: Dataset<MciReport> = {
  name: TPS_MCI,
  source: 'Toronto Police Service Public Safety Data Portal (Major Crime Indicators)',
  // The portal refreshes quarterly; two weeks without a refresh is worth flagging.
  kind: 'live',
  maxStaleMinutes: 14 * 24 * 60,
  sources: {
    mci: { url: mciQueryUrl(Date.now()), urlAt: mciQueryUrl, sample: 'safety/tps-major-crime-indicators.json' },
  },
  parse(payloads) {
    return {
      records: parseMciReports(payloads.mci!).sort((a, b) => b.reportDate - a.reportDate || b.objectId - a.objectId),
    };
  },
};

/** Calls attended per year, division and neighbourhood (Annual Statistical Report), newest year first. */
export const tpsCallsAttendedDataset: Dataset<CallsAttended> = {
  name: TPS_CALLS_ATTENDED,
  source: 'Toronto Police Service Annual Statistical Report (calls for service attended)',
  kind: 'live',
  maxStaleMinutes: 14 * 24 * 60,
  sources: {
    calls: { url: callsQueryUrl(), sample: 'safety/tps-calls-for-service-attended.json' },
  },
  parse(payloads) {
    return {
      records: parseCallsAttended(payloads.calls!).sort((a, b) => b.eventYear - a.eventYear || a.objectId - b.objectId),
    };
  },
};
