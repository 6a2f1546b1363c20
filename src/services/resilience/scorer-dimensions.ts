/**
 * The published resilience scorer's 23 dimensions: their domain, weight inside the domain, type
 * (baseline, stress or mixed) and scorer. Each scorer reads a country's latest public indicators
 * with the published anchors and weights.
 *
 * The published scorers also read sources this model does not read (IMF macro and labour, BIS,
 * WTO restrictions, RSF, GPI, social velocity, news threat summaries, energy prices and the
 * generation mix, the recovery seeds, sovereign wealth, education attainment). A metric read from one
 * of those is a gap
 * (`score: null`): it counts 0 in the dimension's coverage, exactly as the published scorer treats an
 * absent source; where the published scorer imputes for an absent source, the same imputation is
 * applied and labelled by its class.
 */
import {
  IMPUTE,
  NO_DATA,
  imputed,
  imputedDimension,
  normalizeHigherBetter,
  normalizeLowerBetter,
  weightedBlend,
  type DimensionScore,
} from './scorer-blend.js';
import type {
  CyberSummary,
  DisplacementFigures,
  GpsSummary,
  OutageSummary,
  UcdpSummary,
  UnrestSummary,
} from './scorer-events.js';

export type DomainId = 'economic' | 'infrastructure' | 'energy' | 'social-governance' | 'health-food' | 'recovery';
export type DimensionType = 'baseline' | 'stress' | 'mixed';
/** The datasets a dimension reads (for its freshness). */
export type IndicatorSource =
  | 'worldbank'
  | 'who'
  | 'ipc'
  | 'ucdp'
  | 'displacement'
  | 'unrest'
  | 'outages'
  | 'cyber'
  | 'gps'
  | 'debt'
  | 'gasStorage';

/** A country's latest observation per indicator code (World Bank, WHO GHO and IPC codes). */
export type CountryIndicators = ReadonlyMap<string, { value: number; year: number }>;

/**
 * A country's events. A member is undefined when its dataset has no snapshot (the published scorer's
 * absent source); loaded, a country without events has zero counts, and `displacement` is null for a
 * country UNHCR does not list.
 */
export interface CountryEvents {
  ucdp?: UcdpSummary;
  displacement?: DisplacementFigures | null;
  unrest?: UnrestSummary;
  /** Undefined too when the outage feed lists no outage anywhere (the published scorer then reads nothing). */
  outages?: OutageSummary;
  /** Undefined too when the threat feed lists no threat at all. */
  cyber?: CyberSummary;
  /** Undefined too when the GPS feed lists no interfered cell at all. */
  gps?: GpsSummary;
  /** Debt-to-GDP growth over the year before, percent; null for a country the debt dataset does not list. */
  debtGrowth?: number | null;
  /** Gas storage fill level of the newest gas day, percent; null for a country AGSI+ is not read for. */
  gasFillPct?: number | null;
}

/** World Bank codes the published static seed reads. */
export const WB = {
  wgi: ['VA.EST', 'PV.EST', 'GE.EST', 'RQ.EST', 'RL.EST', 'CC.EST'],
  electricityAccess: 'EG.ELC.ACCS.ZS',
  roadsPaved: 'IS.ROD.PAVE.ZS',
  electricityUse: 'EG.USE.ELEC.KH.PC',
  broadband: 'IT.NET.BBND.P2',
  energyImports: 'EG.IMP.CONS.ZS',
  waterStress: 'ER.H2O.FWST.ZS',
  tradeToGdp: 'NE.TRD.GNFS.ZS',
  reserveMonths: 'FI.RES.TOTL.MO',
  appliedTariff: 'TM.TAX.MRCH.WM.AR.ZS',
  population: 'SP.POP.TOTL',
} as const;

/** WHO GHO codes the published static seed reads. */
export const WHO = {
  hospitalBeds: 'WHS6_102',
  uhcIndex: 'UHC_INDEX_REPORTED',
  measlesCoverage: 'WHS8_110',
  physiciansPer10k: 'HWF_0001',
  healthExpPerCapitaUsd: 'GHED_CHE_pc_US_SHA2011',
} as const;

/** IPC (HDX national analyses): people in phase 3 or worse, and the highest phase reported. */
export const IPC = { peopleInCrisis: 'IPC_PHASE3_PEOPLE', phase: 'IPC_PHASE' } as const;

const val = (c: CountryIndicators, code: string): number | null => c.get(code)?.value ?? null;
/** The published displacement and stable-absence imputations these dimensions use. */
const UNHCR_ABSENT = { score: 85, certaintyCoverage: 0.6, imputationClass: 'stable-absence' } as const;
const GPI_ONLY_DISPLACEMENT = { score: 70, certaintyCoverage: 0.6, imputationClass: 'stable-absence' } as const;

/** Population in millions for per-capita event rates: at least 0.5 (tiny states), 0.5 when unknown. */
function populationMillions(c: CountryIndicators): number {
  const p = val(c, WB.population);
  return p === null ? 0.5 : Math.max(p / 1e6, 0.5);
}

const ucdpRaw = (u: UcdpSummary) => u.eventCount * 2 + u.typeWeight + Math.sqrt(Math.max(0, u.deaths));
const logDisplaced = (n: number) => normalizeLowerBetter(Math.log10(Math.max(1, n)), 0, 7);
/** Outage penalty: total 4, major 2, partial 1 each, against 0-20. */
const outageScore = (o: OutageSummary | undefined) =>
  o ? normalizeLowerBetter(o.total * 4 + o.major * 2 + o.partial, 0, 20) : null;
/** Discovery-decayed threat weight (at most 8) against 0-25. */
const cyberScore = (c: CyberSummary | undefined) => (c ? normalizeLowerBetter(c.weightedCount, 0, 25) : null);
/** GPS penalty: high cells 3, medium 1 each, against 0-20. */
const gpsScore = (g: GpsSummary | undefined) => (g ? normalizeLowerBetter(g.high * 3 + g.medium, 0, 20) : null);
/** Gas storage stress: the shortfall below an 80% fill, as a share of 80, lower better on 0-100. */
const storageScore = (fill: number) => normalizeLowerBetter(Math.min(1, Math.max(0, (80 - fill) / 80)) * 100, 0, 100);
const gap = (weight: number) => ({ score: null, weight });
const scoreOf = (v: number | null, f: (v: number) => number) => (v === null ? null : f(v));

/** A country has a static record when any of the static indicators (World Bank, WHO, IPC) has a value. */
const hasStaticRecord = (c: CountryIndicators) => c.size > 0;

function wgiValues(c: CountryIndicators): number[] {
  return WB.wgi.map((k) => val(c, k)).filter((v): v is number => v !== null);
}

/**
 * Government revenue, current account (IMF macro), unemployment (IMF labour) and household debt
 * service (BIS): not read. Debt growth (IMF WEO debt ratio, year on year; a fall counts as 0) against
 * 0-20%.
 */
function macroFiscal(e: CountryEvents): DimensionScore {
  const growth = e.debtGrowth ?? null;
  return weightedBlend([
    gap(0.4),
    { score: scoreOf(growth, (g) => normalizeLowerBetter(Math.max(0, g), 0, 20)), weight: 0.2 },
    gap(0.2),
    gap(0.15),
    gap(0.05),
  ]);
}

/** Inflation stability (IMF, not read) and import cover of reserves (World Bank months of imports, 1-12). */
function currencyExternal(c: CountryIndicators): DimensionScore {
  const months = val(c, WB.reserveMonths);
  if (months === null) return imputedDimension(IMPUTE.curatedListAbsent);
  // Reserves alone: the published scorer's fixed coverage for this case.
  return {
    score: normalizeHigherBetter(Math.min(months, 12), 1, 12),
    coverage: 0.4,
    observedWeight: 1,
    imputedWeight: 0,
    imputationClass: null,
  };
}

/** WTO restrictions and barriers (not read) and the applied tariff rate (0 best, 20% worst). */
function tradePolicy(c: CountryIndicators): DimensionScore {
  return weightedBlend([
    gap(0.3),
    gap(0.3),
    { score: scoreOf(val(c, WB.appliedTariff), (t) => normalizeLowerBetter(t, 0, 20)), weight: 0.4 },
  ]);
}

/** Paved roads, and shipping and transit stress scaled by trade exposure (stress feeds not read). */
function logisticsSupply(c: CountryIndicators): DimensionScore {
  return weightedBlend([
    { score: scoreOf(val(c, WB.roadsPaved), (v) => normalizeHigherBetter(v, 0, 100)), weight: 0.5 },
    gap(0.25),
    gap(0.25),
  ]);
}

/** Electricity access (40-100%), paved roads, internet outages and fixed broadband (0-40 per 100). */
function infrastructure(c: CountryIndicators, e: CountryEvents): DimensionScore {
  return weightedBlend([
    { score: scoreOf(val(c, WB.electricityAccess), (v) => normalizeHigherBetter(v, 40, 100)), weight: 0.3 },
    { score: scoreOf(val(c, WB.roadsPaved), (v) => normalizeHigherBetter(v, 0, 100)), weight: 0.3 },
    { score: outageScore(e.outages), weight: 0.25 },
    { score: scoreOf(val(c, WB.broadband), (v) => normalizeHigherBetter(v, 0, 40)), weight: 0.15 },
  ]);
}

/**
 * The published default (legacy) energy construct: import dependency and electricity use per head
 * from the World Bank, gas storage from AGSI+; the generation mix (the published mix reads shares of
 * electricity generation, the OWID dataset here holds shares of primary energy) and price stress are
 * not read.
 */
function energy(c: CountryIndicators, e: CountryEvents): DimensionScore {
  return weightedBlend([
    { score: scoreOf(val(c, WB.energyImports), (v) => normalizeLowerBetter(v, 0, 100)), weight: 0.25 },
    gap(0.12),
    gap(0.08),
    gap(0.05),
    { score: scoreOf(e.gasFillPct ?? null, storageScore), weight: 0.1 },
    gap(0.1),
    { score: scoreOf(val(c, WB.electricityUse), (v) => normalizeHigherBetter(v, 200, 8000)), weight: 0.3 },
  ]);
}

/** The six Worldwide Governance Indicators, each -2.5 to 2.5, equally weighted. */
function governanceInstitutional(c: CountryIndicators): DimensionScore {
  return weightedBlend(
    WB.wgi.map((k) => ({ score: scoreOf(val(c, k), (v) => normalizeHigherBetter(v, -2.5, 2.5)), weight: 1 })),
  );
}

/** Cyber threats, internet outages and GPS jamming, each read when its feed lists anything at all. */
function cyberDigital(e: CountryEvents): DimensionScore {
  return weightedBlend([
    { score: cyberScore(e.cyber), weight: 0.45 },
    { score: outageScore(e.outages), weight: 0.35 },
    { score: gpsScore(e.gps), weight: 0.2 },
  ]);
}

/**
 * Global Peace Index (not read), displacement from the country (log10, 0-7) and unrest per million
 * people (0-10). A country UNHCR does not list, or one without unrest events, is imputed as published.
 */
function socialCohesion(c: CountryIndicators, e: CountryEvents): DimensionScore {
  const displaced = e.displacement === undefined ? undefined : (e.displacement?.totalDisplaced ?? null);
  const displacement =
    displaced === undefined
      ? gap(0.25)
      : displaced === null
        ? imputed(GPI_ONLY_DISPLACEMENT, 0.25)
        : { score: logDisplaced(displaced), weight: 0.25 };
  let unrest;
  if (!e.unrest) unrest = gap(0.2);
  else if (e.unrest.unrestCount === 0 && e.unrest.fatalities === 0)
    unrest = imputed(displaced === null ? IMPUTE.curatedListAbsent : UNHCR_ABSENT, 0.2);
  else
    unrest = {
      score: normalizeLowerBetter(
        (e.unrest.unrestCount + Math.sqrt(Math.max(0, e.unrest.fatalities))) / populationMillions(c),
        0,
        10,
      ),
      weight: 0.2,
    };
  return weightedBlend([gap(0.55), displacement, unrest]);
}

/** UCDP conflict per million people (0-15) and refugees hosted, else displaced (log10, 0-7). */
function borderSecurity(c: CountryIndicators, e: CountryEvents): DimensionScore {
  const figure =
    e.displacement === undefined ? undefined : (e.displacement?.hostTotal ?? e.displacement?.totalDisplaced ?? null);
  return weightedBlend([
    e.ucdp ? { score: normalizeLowerBetter(ucdpRaw(e.ucdp) / populationMillions(c), 0, 15), weight: 0.65 } : gap(0.65),
    figure === undefined
      ? gap(0.35)
      : figure === null
        ? imputed(UNHCR_ABSENT, 0.35)
        : { score: logDisplaced(figure), weight: 0.35 },
  ]);
}

/** RSF press freedom, social velocity and the news threat summary: not read here. */
function informationCognitive(): DimensionScore {
  return weightedBlend([gap(0.55), gap(0.15), gap(0.3)]);
}

/**
 * The published scorer marks education a source failure when its attainment seed is absent or
 * covers fewer than 180 countries; this service does not ingest it.
 */
function education(): DimensionScore {
  return { score: 0, coverage: 0, observedWeight: 0, imputedWeight: 1, imputationClass: 'source-failure' };
}

/** WHO: service coverage (40-90), measles immunisation (50-99%), hospital beds (0-8), physicians per 1,000 (0-5), health spending per head (20-3,000 USD). */
function healthPublicService(c: CountryIndicators): DimensionScore {
  const per10k = val(c, WHO.physiciansPer10k);
  return weightedBlend([
    { score: scoreOf(val(c, WHO.uhcIndex), (v) => normalizeHigherBetter(v, 40, 90)), weight: 0.35 },
    { score: scoreOf(val(c, WHO.measlesCoverage), (v) => normalizeHigherBetter(v, 50, 99)), weight: 0.25 },
    // As published: the beds indicator (per 10,000) against the 0-8 anchors.
    { score: scoreOf(val(c, WHO.hospitalBeds), (v) => normalizeHigherBetter(v, 0, 8)), weight: 0.1 },
    { score: scoreOf(per10k, (v) => normalizeHigherBetter(v / 10, 0, 5)), weight: 0.15 },
    { score: scoreOf(val(c, WHO.healthExpPerCapitaUsd), (v) => normalizeHigherBetter(v, 20, 3000)), weight: 0.15 },
  ]);
}

/** IPC people in crisis (log10, 0-7) and phase (1-5), and water stress (0-100%); no IPC listing imputes "no crisis". */
function foodWater(c: CountryIndicators): DimensionScore {
  const water = scoreOf(val(c, WB.waterStress), (v) => normalizeLowerBetter(v, 0, 100));
  const people = val(c, IPC.peopleInCrisis);
  const phase = val(c, IPC.phase);
  if (people === null && phase === null)
    return weightedBlend([hasStaticRecord(c) ? imputed(IMPUTE.ipcFood, 0.6) : gap(0.6), { score: water, weight: 0.4 }]);
  return weightedBlend([
    { score: scoreOf(people, (p) => normalizeLowerBetter(Math.log10(Math.max(1, p)), 0, 7)), weight: 0.45 },
    { score: scoreOf(phase, (p) => normalizeLowerBetter(p, 1, 5)), weight: 0.15 },
    { score: water, weight: 0.4 },
  ]);
}

/** The IMF fiscal-space seed (not read): imputed as the published scorer does when it is absent. */
const fiscalSpace = (): DimensionScore => imputedDimension(IMPUTE.recovery);

/** Retired in the published scorer: kept in the order, never counted. */
const retired = (): DimensionScore => ({ ...NO_DATA, score: 50 });

/** External debt to reserves (not read): imputed as published. */
const externalDebtCoverage = (): DimensionScore => imputedDimension(IMPUTE.recovery);

/** Import concentration (Comtrade HHI seed, not read): imputed as published. */
const importConcentration = (): DimensionScore => imputedDimension(IMPUTE.recovery);

/**
 * Governance (mean of the WGI), UCDP conflict (0-30) and people displaced from the country (log10,
 * 0-7); imputed when none of them says anything.
 */
function stateContinuity(c: CountryIndicators, e: CountryEvents): DimensionScore {
  const wgi = wgiValues(c);
  const displaced = e.displacement?.totalDisplaced ?? null;
  if (wgi.length === 0 && (e.ucdp?.eventCount ?? 0) === 0 && displaced === null)
    return imputedDimension(IMPUTE.recovery);
  const mean = wgi.length ? wgi.reduce((a, v) => a + v, 0) / wgi.length : null;
  return weightedBlend([
    { score: scoreOf(mean, (m) => normalizeHigherBetter(m, -2.5, 2.5)), weight: 0.5 },
    // Read only when the UCDP snapshot is loaded (the published scorer counts an absent feed as no events).
    e.ucdp ? { score: normalizeLowerBetter(ucdpRaw(e.ucdp), 0, 30), weight: 0.3 } : gap(0.3),
    { score: scoreOf(displaced, logDisplaced), weight: 0.2 },
  ]);
}

/** Reserves in months of imports, 1-12 (the re-export adjustment's seed is not read). */
function liquidReserveAdequacy(c: CountryIndicators): DimensionScore {
  const months = val(c, WB.reserveMonths);
  if (months === null) return imputedDimension(IMPUTE.recovery);
  return weightedBlend([{ score: normalizeHigherBetter(Math.min(months, 12), 1, 12), weight: 1 }]);
}

/** Sovereign wealth funds (manifest not read): imputed as published when the seed is absent. */
const sovereignFiscalBuffer = (): DimensionScore => imputedDimension(IMPUTE.recovery);

export interface DimensionSpec {
  id: string;
  domain: DomainId;
  /** Multiplier inside the domain's coverage-weighted mean. */
  weight: number;
  type: DimensionType;
  /** The indicator datasets its scorer reads. */
  reads: readonly IndicatorSource[];
  /** Retired: scored 50 with no coverage, left out of the confidence means. */
  retired?: boolean;
  score(c: CountryIndicators, e?: CountryEvents): DimensionScore;
}

/** The 23 dimensions in the published order. */
export const DIMENSIONS: readonly DimensionSpec[] = [
  {
    id: 'macroFiscal',
    domain: 'economic',
    weight: 1,
    type: 'baseline',
    reads: ['debt'],
    score: (_c, e = {}) => macroFiscal(e),
  },
  {
    id: 'currencyExternal',
    domain: 'economic',
    weight: 1,
    type: 'stress',
    reads: ['worldbank'],
    score: currencyExternal,
  },
  { id: 'tradePolicy', domain: 'economic', weight: 0.5, type: 'stress', reads: ['worldbank'], score: tradePolicy },
  // Behind a flag that is off by default in the published service: it then scores nothing.
  { id: 'financialSystemExposure', domain: 'economic', weight: 0.5, type: 'stress', reads: [], score: () => NO_DATA },
  {
    id: 'cyberDigital',
    domain: 'infrastructure',
    weight: 1,
    type: 'stress',
    reads: ['cyber', 'outages', 'gps'],
    score: (_c, e = {}) => cyberDigital(e),
  },
  {
    id: 'logisticsSupply',
    domain: 'infrastructure',
    weight: 1,
    type: 'mixed',
    reads: ['worldbank'],
    score: logisticsSupply,
  },
  {
    id: 'infrastructure',
    domain: 'infrastructure',
    weight: 1,
    type: 'baseline',
    reads: ['worldbank', 'outages'],
    score: (c, e = {}) => infrastructure(c, e),
  },
  {
    id: 'energy',
    domain: 'energy',
    weight: 1,
    type: 'mixed',
    reads: ['worldbank', 'gasStorage'],
    score: (c, e = {}) => energy(c, e),
  },
  {
    id: 'governanceInstitutional',
    domain: 'social-governance',
    weight: 1,
    type: 'baseline',
    reads: ['worldbank'],
    score: governanceInstitutional,
  },
  {
    id: 'socialCohesion',
    domain: 'social-governance',
    weight: 1,
    type: 'baseline',
    reads: ['displacement', 'unrest', 'worldbank'],
    score: (c, e = {}) => socialCohesion(c, e),
  },
  {
    id: 'borderSecurity',
    domain: 'social-governance',
    weight: 1,
    type: 'stress',
    reads: ['ucdp', 'displacement', 'worldbank'],
    score: (c, e = {}) => borderSecurity(c, e),
  },
  {
    id: 'informationCognitive',
    domain: 'social-governance',
    weight: 1,
    type: 'stress',
    reads: [],
    score: informationCognitive,
  },
  { id: 'education', domain: 'social-governance', weight: 0.5, type: 'baseline', reads: [], score: education },
  {
    id: 'healthPublicService',
    domain: 'health-food',
    weight: 1,
    type: 'baseline',
    reads: ['who'],
    score: healthPublicService,
  },
  { id: 'foodWater', domain: 'health-food', weight: 1, type: 'mixed', reads: ['ipc', 'worldbank'], score: foodWater },
  { id: 'fiscalSpace', domain: 'recovery', weight: 1, type: 'baseline', reads: [], score: fiscalSpace },
  { id: 'reserveAdequacy', domain: 'recovery', weight: 1, type: 'baseline', reads: [], retired: true, score: retired },
  {
    id: 'externalDebtCoverage',
    domain: 'recovery',
    weight: 1,
    type: 'baseline',
    reads: [],
    score: externalDebtCoverage,
  },
  { id: 'importConcentration', domain: 'recovery', weight: 1, type: 'baseline', reads: [], score: importConcentration },
  {
    id: 'stateContinuity',
    domain: 'recovery',
    weight: 1,
    type: 'baseline',
    reads: ['worldbank', 'ucdp', 'displacement'],
    score: (c, e = {}) => stateContinuity(c, e),
  },
  { id: 'fuelStockDays', domain: 'recovery', weight: 1, type: 'mixed', reads: [], retired: true, score: retired },
  {
    id: 'liquidReserveAdequacy',
    domain: 'recovery',
    weight: 0.5,
    type: 'baseline',
    reads: ['worldbank'],
    score: liquidReserveAdequacy,
  },
  {
    id: 'sovereignFiscalBuffer',
    domain: 'recovery',
    weight: 0.5,
    type: 'baseline',
    reads: [],
    score: sovereignFiscalBuffer,
  },
];

export const DOMAIN_ORDER: readonly DomainId[] = [
  'economic',
  'infrastructure',
  'energy',
  'social-governance',
  'health-food',
  'recovery',
];

/** Domain weights of the published scorer (they sum to 1). */
export const DOMAIN_WEIGHTS: Record<DomainId, number> = {
  economic: 0.17,
  infrastructure: 0.15,
  energy: 0.11,
  'social-governance': 0.19,
  'health-food': 0.13,
  recovery: 0.25,
};
