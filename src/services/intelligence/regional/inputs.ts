import type { OrefHistoryRow } from '../../../sources/oref/alerts.js';
import type { MilitaryFlight } from '../../military/index.js';
import type { ChokepointDef } from '../../supply-chain/index.js';
import type { CiiScore } from '../country/schemas.js';
import type { RegionalInputs } from './rules.js';

/** Rows of the pipeline's input datasets; an absent dataset is undefined. */
export interface InputRows {
  cii?: readonly CiiScore[];
  chokepoints?: readonly ChokepointDef[];
  oref?: readonly OrefHistoryRow[];
  flights?: readonly MilitaryFlight[];
}

/**
 * The pipeline's inputs from dataset rows. The reference instant is the newest time the inputs
 * carry themselves (score computation, last siren, last position), never the clock, so the same
 * rows always score the same, whether read at request time or at ingestion.
 */
export function regionalInputs(rows: InputRows): RegionalInputs {
  const times = [
    ...(rows.cii ?? []).map((s) => s.computedAt),
    ...(rows.oref ?? []).map((a) => a.at),
    ...(rows.flights ?? []).map((f) => f.lastSeenAt),
  ];
  return {
    ...(rows.cii ? { cii: rows.cii } : {}),
    ...(rows.chokepoints
      ? {
          chokepoints: rows.chokepoints.map((c) => ({
            id: c.id,
            name: c.name,
            threatLevel: c.threatLevel,
            threatDescription: c.threatDescription,
          })),
        }
      : {}),
    ...(rows.oref ? { orefAlerts: rows.oref.map((a) => ({ at: a.at })) } : {}),
    ...(rows.flights
      ? {
          militaryFlights: rows.flights.map((f) => ({
            latitude: f.location.latitude,
            longitude: f.location.longitude,
          })),
        }
      : {}),
    asOf: times.reduce((m, t) => (t > m ? t : m), 0),
  };
}
