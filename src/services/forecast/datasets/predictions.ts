import {
  parsesNothing,
  type Dataset,
  type DerivedInputs,
  type InputSnapshot,
} from '../../../platform/snapshots/dataset.js';
import { CYBER_THREATS } from '../../cyber/index.js';
import { PREDICTION_MARKETS } from '../../prediction/index.js';
import { UNREST_EVENTS } from '../../unrest/index.js';
import type {
  CiiInput,
  CyberInput,
  GpsHexInput,
  IranEventInput,
  PredictionMarketInput,
  UcdpInput,
  UnrestInput,
} from '../detectors.js';
import { buildForecastCards, type ForecastCard } from '../document.js';

export const FORECASTS = 'forecast.predictions';

/** Read by name: the instability scores are another service's derived dataset, with this record shape. */
export const CII_SCORES_INPUT = 'intelligence.cii-scores';
export const UCDP_EVENTS_INPUT = 'conflict.ucdp-events';
export const IRAN_EVENTS_INPUT = 'conflict.iran-events';
export const GPS_INTERFERENCE_INPUT = 'intelligence.gps-interference';

/** The snapshots the detectors read (no theater posture, chokepoint risk or news here yet: see detectors.ts). */
export const FORECAST_INPUTS = [
  CII_SCORES_INPUT,
  UCDP_EVENTS_INPUT,
  IRAN_EVENTS_INPUT,
  UNREST_EVENTS,
  CYBER_THREATS,
  GPS_INTERFERENCE_INPUT,
  PREDICTION_MARKETS,
] as const;

export interface ForecastDocumentInfo {
  generatedAt: number;
}

const rows = <R>(inputs: DerivedInputs, name: string): readonly R[] | undefined =>
  (inputs[name] as InputSnapshot<R> | undefined)?.records;

/**
 * The forecast job over the current snapshots, at the data's time `at`: the published detectors, then
 * confidence, projections, cascades, trends against the previous document, resolution rules and the
 * rule-written narrative. An absent input simply feeds no detector.
 */
export function deriveForecasts(
  inputs: DerivedInputs,
  at: number,
  previous?: { records: readonly ForecastCard[] },
): { records: ForecastCard[]; info: ForecastDocumentInfo } {
  const markets = rows<PredictionMarketInput>(inputs, PREDICTION_MARKETS);
  const records = buildForecastCards(
    {
      cii: rows<CiiInput>(inputs, CII_SCORES_INPUT),
      ucdp: rows<UcdpInput>(inputs, UCDP_EVENTS_INPUT),
      iran: rows<IranEventInput>(inputs, IRAN_EVENTS_INPUT),
      unrest: rows<UnrestInput>(inputs, UNREST_EVENTS),
      cyber: rows<CyberInput>(inputs, CYBER_THREATS),
      gps: rows<GpsHexInput>(inputs, GPS_INTERFERENCE_INPUT),
      markets,
    },
    at,
    previous?.records ?? [],
  );
  return { records, info: { generatedAt: at } };
}

export const forecastsDataset: Dataset<ForecastCard, ForecastDocumentInfo> = {
  name: FORECASTS,
  source:
    'Derived here with the published forecast detectors (instability, political unrest, UCDP conflict zones, cyber ' +
    'threats, GPS interference, prediction markets) over our snapshots; narratives are rule-written',
  kind: 'derived',
  // Hourly in the published pipeline; 90 minutes without a new document is stale.
  maxStaleMinutes: 90,
  // A quiet world may give no forecast.
  allowEmpty: true,
  sources: {},
  parse: parsesNothing,
  inputs: FORECAST_INPUTS,
  derive: (inputs, at, previous) => deriveForecasts(inputs, at, previous),
};
