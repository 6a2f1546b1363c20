import { parsesNothing, type Dataset, type DerivedInputs } from '../../../platform/snapshots/dataset.js';
import { UCDP_EVENTS } from '../../conflict/index.js';
import { CYBER_THREATS } from '../../cyber/index.js';
import { DISPLACEMENT_SUMMARY } from '../../displacement/index.js';
import { INTERNET_OUTAGES } from '../../infrastructure/index.js';
import { UNREST_EVENTS } from '../../unrest/index.js';
import type { IndicatorSource } from '../scorer-dimensions.js';
import {
  debtGrowthByCountry,
  displacementByCountry,
  gasStorageByCountry,
  summarizeCyber,
  summarizeGps,
  summarizeOutages,
  summarizeUcdp,
  summarizeUnrest,
  type CyberThreatRow,
  type DebtRow,
  type DisplacementRow,
  type GasStorageRow,
  type GpsHexRow,
  type OutageRow,
  type UcdpEventRow,
  type UnrestEventRow,
} from '../scorer-events.js';
import { scoreAll, type CountryResilience, type EventSummaries } from '../scorer-model.js';
import { IPC_PHASES, WHO_INDICATORS, WORLD_BANK_INDICATORS, type IndicatorObservation } from './indicators.js';

export const RESILIENCE_SCORES = 'resilience.scores';
/** The intelligence service has no front door; its GPS dataset is named here as the forecast model names it. */
const GPS_INTERFERENCE = 'intelligence.gps-interference';
/**
 * The economic service reaches resilience through supply-chain, so importing its front door here would close a
 * loop between services: its two datasets are named (the ranking test checks every input has a snapshot).
 */
const NATIONAL_DEBT = 'economic.national-debt';
const GIE_COUNTRY_STORAGE = 'economic.gie-country-storage';

export interface ResilienceScoresInfo {
  /** The published scorer's combination: pillars penalised by the weakest (`pc`). */
  formula: 'pillar';
  /** The data's time the scores were computed at (the newest input's capture), epoch ms. */
  generatedAt: number;
  /** Input datasets that had no snapshot: their metrics scored as the published scorer scores a missing source. */
  missingInputs: string[];
}

/** Which dataset feeds which of the scorer's sources. */
const INPUTS: Record<IndicatorSource, string> = {
  worldbank: WORLD_BANK_INDICATORS,
  who: WHO_INDICATORS,
  ipc: IPC_PHASES,
  ucdp: UCDP_EVENTS,
  displacement: DISPLACEMENT_SUMMARY,
  unrest: UNREST_EVENTS,
  outages: INTERNET_OUTAGES,
  cyber: CYBER_THREATS,
  gps: GPS_INTERFERENCE,
  debt: NATIONAL_DEBT,
  gasStorage: GIE_COUNTRY_STORAGE,
};
const INDICATOR_SOURCES: readonly IndicatorSource[] = ['worldbank', 'who', 'ipc'];

/**
 * Every country's resilience from the indicator and event snapshots: one row per country with a
 * static indicator (the published scorer's universe), computed by the published 23-dimension model.
 */
export function deriveResilienceScores(
  inputs: DerivedInputs,
  at: number,
): { records: CountryResilience[]; info: ResilienceScoresInfo } {
  const observations: Partial<Record<IndicatorSource, readonly IndicatorObservation[]>> = {};
  const capturedAt: Partial<Record<IndicatorSource, number>> = {};
  const missingInputs: string[] = [];
  for (const [source, name] of Object.entries(INPUTS) as [IndicatorSource, string][]) {
    const snapshot = inputs[name];
    if (!snapshot) {
      missingInputs.push(name);
      continue;
    }
    if (INDICATOR_SOURCES.includes(source)) observations[source] = snapshot.records as IndicatorObservation[];
    capturedAt[source] = snapshot.capturedAt;
  }
  const rows = <T>(name: string) => inputs[name]?.records as readonly T[] | undefined;
  const ucdp = rows<UcdpEventRow>(UCDP_EVENTS);
  const displacement = rows<DisplacementRow>(DISPLACEMENT_SUMMARY);
  const unrest = rows<UnrestEventRow>(UNREST_EVENTS);
  const outages = rows<OutageRow>(INTERNET_OUTAGES);
  const cyber = rows<CyberThreatRow>(CYBER_THREATS);
  const gps = rows<GpsHexRow>(GPS_INTERFERENCE);
  const debt = rows<DebtRow>(NATIONAL_DEBT);
  const gas = rows<GasStorageRow>(GIE_COUNTRY_STORAGE);
  const events: EventSummaries = {
    ...(ucdp ? { ucdp: summarizeUcdp(ucdp) } : {}),
    ...(displacement ? { displacement: displacementByCountry(displacement) } : {}),
    ...(unrest ? { unrest: summarizeUnrest(unrest) } : {}),
    // An empty outage list says nothing (the published scorer reads outages only when some are listed).
    ...(outages?.length ? { outages: summarizeOutages(outages) } : {}),
    // Likewise an empty threat list or GPS map (the published scorer reads them only when non-empty).
    ...(cyber?.length ? { cyber: summarizeCyber(cyber, at) } : {}),
    ...(gps?.length ? { gps: summarizeGps(gps) } : {}),
    ...(debt ? { debtGrowth: debtGrowthByCountry(debt) } : {}),
    ...(gas ? { gasFillPct: gasStorageByCountry(gas) } : {}),
  };
  return {
    records: scoreAll(observations, capturedAt, at, events),
    info: { formula: 'pillar', generatedAt: at, missingInputs },
  };
}

export const resilienceScoresDataset: Dataset<CountryResilience, ResilienceScoresInfo> = {
  name: RESILIENCE_SCORES,
  source:
    'Computed here with the published 23-dimension resilience model from the World Bank, WHO GHO, IPC, UCDP, UNHCR, unrest, internet outage, cyber threat, GPS interference, IMF national debt and AGSI+ gas storage snapshots',
  kind: 'derived',
  maxStaleMinutes: 60 * 24 * 120,
  sources: {},
  inputs: Object.values(INPUTS),
  derive: (inputs, at) => deriveResilienceScores(inputs, at),
  parse: parsesNothing,
};
