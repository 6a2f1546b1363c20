import {
  parsesNothing,
  type Dataset,
  type DerivedInputs,
  type InputSnapshot,
} from '../../../../platform/snapshots/dataset.js';
import { FAA_STATUS, type FaaDelay } from '../../../aviation/index.js';
import { anomaliesOf, ZONE_NORMALS, ZONE_WEATHER, type ZoneNormal, type ZoneWeek } from '../../../climate/index.js';
import { ACLED_EVENTS, UCDP_EVENTS, type AcledConflictEvent, type UcdpViolenceEvent } from '../../../conflict/index.js';
import { CYBER_THREATS, type CyberThreat } from '../../../cyber/index.js';
import { DISPLACEMENT_SUMMARY, type DisplacementRow } from '../../../displacement/index.js';
import { INTERNET_OUTAGES, type OutageRow } from '../../../infrastructure/index.js';
import { MILITARY_FLIGHTS, type MilitaryFlight } from '../../../military/index.js';
import { SANCTIONS_SDN, sanctionsByCountry, type SdnRecord } from '../../../sanctions/index.js';
import { EARTHQUAKES, type Earthquake } from '../../../seismology/index.js';
import { AIS_DISRUPTIONS, type AisDisruptionRecord } from '../../../supply-chain/index.js';
import { UNREST_EVENTS, type UnrestEvent } from '../../../unrest/index.js';
import { FIRE_DETECTIONS, type FireDetection } from '../../../wildfire/index.js';
import type { OrefHistoryRow } from '../../../../sources/oref/alerts.js';
import { countryAtPoint } from '../../cii/geography.js';
import { computeIndex } from '../../cii/score.js';
import type { CiiFacts, MilitaryPresence } from '../../cii/signals.js';
import { extendHistory, type ScoreHistoryEntry } from '../../cii/trend.js';
import { isCiiCountry } from '../../cii/weights.js';
import { GPS_INTERFERENCE } from '../../gps/datasets/gps-interference.js';
import type { GpsHex } from '../../gps/rules.js';
import { OREF_HISTORY } from '../../feeds/datasets/oref-history.js';
import { strictestLevels } from '../advisories.js';
import type { StateAdvisory } from '../rules.js';
import type { CiiScore } from '../schemas.js';
import { SECURITY_ADVISORIES, type GovernmentAdvisory } from './security-advisories.js';
import { TRAVEL_ADVISORIES } from './travel-advisories.js';

export const CII_SCORES = 'intelligence.cii-scores';

/** The snapshots the index reads; each one absent leaves its terms at zero (see `missingInputs`). */
export const CII_INPUTS = [
  ACLED_EVENTS,
  UNREST_EVENTS,
  UCDP_EVENTS,
  INTERNET_OUTAGES,
  ZONE_WEATHER,
  ZONE_NORMALS,
  CYBER_THREATS,
  FIRE_DETECTIONS,
  GPS_INTERFERENCE,
  OREF_HISTORY,
  TRAVEL_ADVISORIES,
  SECURITY_ADVISORIES,
  DISPLACEMENT_SUMMARY,
  FAA_STATUS,
  EARTHQUAKES,
  SANCTIONS_SDN,
  MILITARY_FLIGHTS,
  AIS_DISRUPTIONS,
] as const;

/**
 * What the published index reads that no dataset here provides; the terms they feed are computed
 * without them on every score.
 */
export const CII_NOT_INGESTED = [
  'news insights and classified-headline counts (LLM-classified upstream): the information component and the news-urgency boost are 0',
  'military vessel positions (the relay AIS candidate feed): vessels add nothing to the security component',
  'active OREF sirens (a relay feed): the conflict siren term and the active part of the OREF boost are 0; the 24 h history counts',
  'NOTAM and non-US airport alerts: only FAA airport status feeds the aviation term',
  'Iran strike events: off in the published index by default (IRAN_EVENTS_ENABLED), left out here',
] as const;

/** Inputs behind an operator-run relay: without one configured they are withheld, by design, not missing. */
const RELAY_INPUTS: readonly string[] = [AIS_DISRUPTIONS];

export interface CiiScoresInfo {
  /** The data time the scores describe (the newest input's capture), epoch ms. */
  computedAt: number;
  /** Inputs of CII_INPUTS with no snapshot at the computation: their terms were scored as zero. */
  missingInputs: string[];
  /** Relay inputs with no snapshot (no relay configured): their terms were scored as zero. */
  withheldRelayInputs: string[];
  /** Earlier combined scores kept for the 24 h trend (about a day of computations). */
  history: ScoreHistoryEntry[];
}

const DAY = 86_400_000;

const recordsOf = <R>(inputs: DerivedInputs, name: string): readonly R[] | undefined =>
  (inputs[name] as InputSnapshot<R> | undefined)?.records;

const AIS_LEVEL: Record<number, keyof MilitaryPresence> = {
  3: 'aisDisruptionHigh',
  2: 'aisDisruptionElevated',
};

/**
 * Military presence per scored country, as the published military aggregate counts it: a flight
 * counts for its operator's country, and as foreign presence where it flies if that is another
 * country (once as local presence when the operator is unknown); AIS disruptions where they are.
 */
export function militaryPresence(
  flights: readonly MilitaryFlight[] | undefined,
  disruptions: readonly AisDisruptionRecord[] | undefined,
): Record<string, Partial<MilitaryPresence>> {
  const out: Record<string, Partial<MilitaryPresence>> = {};
  const add = (code: string | undefined, key: keyof MilitaryPresence) => {
    if (!code || !isCiiCountry(code)) return;
    const m = (out[code] ??= {});
    m[key] = (m[key] ?? 0) + 1;
  };
  for (const f of flights ?? []) {
    const op = f.operatorCountry && isCiiCountry(f.operatorCountry) ? f.operatorCountry : undefined;
    const where = countryAtPoint(f.location.latitude, f.location.longitude);
    add(op, 'ownFlights');
    if (where && op && where !== op) add(where, 'foreignFlights');
    else if (where && !op) add(where, 'ownFlights');
  }
  for (const d of disruptions ?? []) {
    if (d.lat === undefined || d.lon === undefined) continue;
    add(countryAtPoint(d.lat, d.lon), AIS_LEVEL[d.severity] ?? 'aisDisruptionLow');
  }
  return out;
}

/** The index's facts read from the input snapshots; an absent input stays undefined. */
export function ciiFacts(inputs: DerivedInputs, at: number): CiiFacts {
  const acled = recordsOf<AcledConflictEvent>(inputs, ACLED_EVENTS);
  // Protests and riots reach us through the unrest feed; only its ACLED-coded events count, as published.
  const unrest = recordsOf<UnrestEvent>(inputs, UNREST_EVENTS)?.filter(
    (e) => e.sourceType === 'UNREST_SOURCE_TYPE_ACLED',
  );
  const weather = recordsOf<ZoneWeek>(inputs, ZONE_WEATHER);
  const normals = recordsOf<ZoneNormal>(inputs, ZONE_NORMALS);
  const oref = recordsOf<OrefHistoryRow>(inputs, OREF_HISTORY);
  const state = recordsOf<StateAdvisory>(inputs, TRAVEL_ADVISORIES);
  const others = recordsOf<GovernmentAdvisory>(inputs, SECURITY_ADVISORIES);
  const displacement = recordsOf<DisplacementRow>(inputs, DISPLACEMENT_SUMMARY);
  const faa = recordsOf<FaaDelay>(inputs, FAA_STATUS);
  const sdn = recordsOf<SdnRecord>(inputs, SANCTIONS_SDN);
  const flights = recordsOf<MilitaryFlight>(inputs, MILITARY_FLIGHTS);
  const ais = recordsOf<AisDisruptionRecord>(inputs, AIS_DISRUPTIONS);
  return {
    acled:
      acled || unrest
        ? [
            ...(acled ?? []).map((e) => ({
              country: e.country,
              eventType: e.eventType,
              fatalities: e.fatalities,
              occurredAt: e.occurredAt,
            })),
            ...(unrest ?? []).map((e) => ({
              country: e.country,
              eventType: e.eventType === 'UNREST_EVENT_TYPE_RIOT' ? 'Riots' : 'Protests',
              fatalities: e.fatalities,
              occurredAt: e.occurredAt,
            })),
          ]
        : undefined,
    ucdp: recordsOf<UcdpViolenceEvent>(inputs, UCDP_EVENTS),
    outages: recordsOf<OutageRow>(inputs, INTERNET_OUTAGES)?.map((o) => ({
      countryCode: o.countryCode,
      severity: o.severity,
    })),
    climate:
      weather && normals
        ? anomaliesOf(weather, normals).map((a) => ({
            zone: a.zone,
            severity: a.severity,
            lat: a.location.latitude,
            lon: a.location.longitude,
          }))
        : undefined,
    cyber: recordsOf<CyberThreat>(inputs, CYBER_THREATS),
    fires: recordsOf<FireDetection>(inputs, FIRE_DETECTIONS)?.map((f) => ({
      lat: f.location.latitude,
      lon: f.location.longitude,
      brightness: f.brightness,
      frp: f.frp,
    })),
    // gpsjam's interfered cells are medium or high; the index weighs high 5, anything else 2.
    gps: recordsOf<GpsHex>(inputs, GPS_INTERFERENCE)?.map((h) => ({
      lat: h.lat,
      lon: h.lon,
      level: h.level === 'INTERFERENCE_LEVEL_HIGH' ? 'high' : 'medium',
    })),
    oref: oref
      ? { activeAlertCount: 0, historyCount24h: oref.filter((r) => r.at <= at && at - r.at < DAY).length }
      : undefined,
    // The strictest level any government feed gives, as the published advisories key holds it.
    advisories: state || others ? strictestLevels(state ?? [], others ?? [], at) : undefined,
    displaced: displacement
      ? Object.fromEntries(
          displacement.flatMap((r) => (r.kind === 'country' ? [[r.code, r.totalDisplaced] as const] : [])),
        )
      : undefined,
    // The FAA status board covers United States airports only.
    aviation: faa?.map((d) => ({ country: 'United States', delayType: d.delayType, severity: d.severity })),
    earthquakes: recordsOf<Earthquake>(inputs, EARTHQUAKES)?.map((q) => ({
      magnitude: q.magnitude,
      occurredAt: q.occurredAt,
      lat: q.location.latitude,
      lon: q.location.longitude,
    })),
    sanctions: sdn ? Object.fromEntries(sanctionsByCountry(sdn)) : undefined,
    military: flights || ais ? militaryPresence(flights, ais) : undefined,
  };
}

/**
 * The country instability index (published methodology v8) computed here from our snapshots: one
 * score per scored country, the trend against the scores of about 24 h earlier.
 */
export function deriveCiiScores(
  inputs: DerivedInputs,
  at: number,
  previous?: { records: readonly CiiScore[]; info: CiiScoresInfo },
): { records: CiiScore[]; info: CiiScoresInfo } {
  const history = previous?.info.history ?? [];
  const records = computeIndex(ciiFacts(inputs, at), at, history);
  return {
    records,
    info: {
      computedAt: at,
      missingInputs: CII_INPUTS.filter((name) => !inputs[name] && !RELAY_INPUTS.includes(name)),
      withheldRelayInputs: RELAY_INPUTS.filter((name) => !inputs[name]),
      history: extendHistory(history, {
        at,
        scores: Object.fromEntries(records.map((s) => [s.region, s.combinedScore])),
      }),
    },
  };
}

export const ciiScoresDataset: Dataset<CiiScore, CiiScoresInfo> = {
  name: CII_SCORES,
  source:
    'Derived here with the published country instability index (methodology v8) from the conflict, unrest, UCDP, ' +
    'outage, climate, cyber, fire, GPS-jamming, OREF, travel-advisory, displacement, FAA, earthquake, sanctions, military ' +
    'flight and AIS snapshots; news classification, vessel positions and live sirens are not ingested',
  kind: 'derived',
  maxStaleMinutes: 30,
  sources: {},
  inputs: CII_INPUTS,
  parse: parsesNothing,
  derive: (inputs, at, previous) => deriveCiiScores(inputs, at, previous),
};
