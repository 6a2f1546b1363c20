import {
  CHOKEPOINT_CRUDE_EXPOSURE,
  GULF_SHARE_PROXY,
  MAX_COVER_DAYS,
  PRODUCT_YIELDS,
} from '../../supply-chain/index.js';

export { CHOKEPOINT_CRUDE_EXPOSURE, GULF_SHARE_PROXY, MAX_COVER_DAYS, PRODUCT_YIELDS };

/** The chokepoints with an energy model, as the contract names them. */
export const SHOCK_CHOKEPOINTS = ['hormuz_strait', 'malacca_strait', 'suez', 'bab_el_mandeb'] as const;
export type ShockChokepoint = (typeof SHOCK_CHOKEPOINTS)[number];
export const FUEL_MODES = ['oil', 'gas', 'both'] as const;
export type FuelMode = (typeof FUEL_MODES)[number];

export const CHOKEPOINT_NAMES: Record<ShockChokepoint, string> = {
  hormuz_strait: 'Strait of Hormuz',
  malacca_strait: 'Strait of Malacca',
  suez: 'Suez Canal',
  bab_el_mandeb: 'Bab el-Mandeb',
};

/** Share of a country's LNG imports assumed to pass each chokepoint (route shares, not measured). */
export const LNG_EXPOSURE: Record<ShockChokepoint, number> = {
  hormuz_strait: 0.3,
  malacca_strait: 0.5,
  suez: 0.2,
  bab_el_mandeb: 0.2,
};

/** Gulf crude suppliers by UN M49 code: Saudi Arabia, UAE, Iraq, Kuwait, Iran. */
export const GULF_M49 = new Set(['682', '784', '368', '414', '364']);
export const GULF_ISO2 = new Set(['SA', 'AE', 'IQ', 'KW', 'IR']);

/** Product names on the wire, by JODI product code. */
export const PRODUCT_NAMES: Record<string, string> = {
  GASOLINE: 'Gasoline',
  GASDIES: 'Diesel',
  JETKERO: 'Jet fuel',
  LPG: 'LPG',
};

/** Emergency-stock obligation of IEA members, days of net imports. */
export const IEA_OBLIGATION_DAYS = 90;
/** Ember fossil share of generation above which electricity cannot readily substitute for oil or gas. */
export const HIGH_FOSSIL_SHARE = 70;
/** Below this Gulf share (measured, not proxied) the shock is called limited. */
export const LIMITED_GULF_SHARE = 0.1;

export const round = (v: number, dp: number) => {
  const f = 10 ** dp;
  return Math.round(v * f) / f;
};
export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The requested disruption, as published: rounded and held to 10-100 percent. */
export const clampDisruption = (pct: number) => clamp(Math.round(pct), 10, 100);

/** Crude imports by partner, one reporter and year, in US dollars. */
export interface CrudeImports {
  /** Total imports from the World, when the source reports it; else the sum over the partners given. */
  worldUsd?: number;
  partners: { iso2: string; usd: number }[];
}

/** Gulf share of crude imports: Gulf partners over the total (World row, or the partners' sum); undefined without any import. */
export function gulfShareOf(imports: CrudeImports): number | undefined {
  const partnerSum = imports.partners.reduce((a, p) => a + Math.max(0, p.usd), 0);
  const total = imports.worldUsd !== undefined && imports.worldUsd > 0 ? imports.worldUsd : partnerSum;
  if (!(total > 0)) return undefined;
  const gulf = imports.partners.filter((p) => GULF_ISO2.has(p.iso2)).reduce((a, p) => a + Math.max(0, p.usd), 0);
  return clamp(gulf / total, 0, 1);
}

export interface OilShockInputs {
  chokepointId: ShockChokepoint;
  disruptionPct: number;
  /** Live flow against baseline, when known (already clamped 0-1.5). */
  liveFlowRatio?: number;
  /** Gulf share of crude imports, 0-1 (measured or the proxy). */
  gulfShare: number;
  crudeImportsKbd: number;
  /** Product demand, kb/d, by JODI product code. */
  demandKbd: Record<string, number>;
  /** Emergency stocks in days of net imports, when usable. */
  daysOfCover?: number;
  netExporter: boolean;
}

export interface OilShock {
  gulfCrudeShare: number;
  crudeLossKbd: number;
  products: { product: string; outputLossKbd: number; demandKbd: number; deficitPct: number }[];
  effectiveCoverDays: number;
}

/**
 * Oil side of a disruption: the exposed Gulf share = Gulf share x the chokepoint's exposure (x the
 * live flow ratio when known); crude lost = crude imports x exposed share x disruption; each product
 * with demand loses crude lost x its refinery yield, its deficit that over demand (0-100%). Stocks
 * cover days of cover / (loss / imports), i.e. / the share lost, at most two years; a net exporter answers -1.
 */
export function oilShock(i: OilShockInputs): OilShock {
  const exposure = (CHOKEPOINT_CRUDE_EXPOSURE[i.chokepointId] ?? 0) * (i.liveFlowRatio ?? 1);
  const gulfCrudeShare = round(clamp(i.gulfShare, 0, 1) * exposure, 3);
  // The share of crude imports lost; cover is computed from it rather than from loss / imports, which
  // at vanishing import volumes (subnormal numbers) loses its precision and breaks monotonicity.
  const lostFraction = gulfCrudeShare * (clamp(i.disruptionPct, 0, 100) / 100);
  const loss = Math.max(0, i.crudeImportsKbd) * lostFraction;
  const products = Object.entries(PRODUCT_YIELDS)
    .filter(([code]) => (i.demandKbd[code] ?? 0) > 0)
    .map(([code, y]) => {
      const demand = i.demandKbd[code]!;
      const out = loss * y;
      return {
        product: PRODUCT_NAMES[code] ?? code,
        outputLossKbd: round(out, 1),
        demandKbd: round(demand, 1),
        deficitPct: round(clamp((out / demand) * 100, 0, 100), 1),
      };
    });
  let effectiveCoverDays: number;
  const days = i.daysOfCover ?? 0;
  if (i.netExporter) effectiveCoverDays = -1;
  else if (days > 0 && lostFraction > 0 && i.crudeImportsKbd > 0)
    effectiveCoverDays = Math.min(MAX_COVER_DAYS, Math.round(days / lostFraction));
  else effectiveCoverDays = Math.min(Math.round(days), MAX_COVER_DAYS);
  return { gulfCrudeShare, crudeLossKbd: round(loss, 1), products, effectiveCoverDays };
}

export interface GasShockInputs {
  chokepointId: ShockChokepoint;
  disruptionPct: number;
  liveFlowRatio?: number;
  lngImportsTj: number;
  pipeImportsTj: number;
  /** Monthly inland demand, TJ. */
  totalDemandTj: number;
  /** Gas in storage (EU and GB only), TWh. */
  storageTwh?: number;
}

export interface GasShock {
  lngShareOfImports: number;
  lngDisruptionTj: number;
  deficitPct: number;
  /** Days stored gas replaces the lost LNG; undefined without storage data. */
  bufferDays?: number;
}

/**
 * Gas side: LNG lost in a month = LNG imports x the chokepoint's LNG route share (x live ratio) x
 * disruption; deficit = that over monthly demand (0-100%). Storage, when known, bridges
 * TWh x 3600 (TJ) / (loss per day) days, at most two years.
 */
export function gasShock(i: GasShockInputs): GasShock {
  const imports = Math.max(0, i.lngImportsTj) + Math.max(0, i.pipeImportsTj);
  const lngShareOfImports = imports > 0 ? round(Math.max(0, i.lngImportsTj) / imports, 3) : 0;
  const exposure = LNG_EXPOSURE[i.chokepointId] * (i.liveFlowRatio ?? 1);
  const loss = Math.max(0, i.lngImportsTj) * exposure * (clamp(i.disruptionPct, 0, 100) / 100);
  const deficitPct = i.totalDemandTj > 0 ? round(clamp((loss / i.totalDemandTj) * 100, 0, 100), 1) : 0;
  let bufferDays: number | undefined;
  if (i.storageTwh !== undefined)
    bufferDays = loss > 0 ? Math.min(MAX_COVER_DAYS, Math.round((i.storageTwh * 3600) / (loss / 30))) : MAX_COVER_DAYS;
  return {
    lngShareOfImports,
    lngDisruptionTj: round(loss, 1),
    deficitPct,
    ...(bufferDays !== undefined ? { bufferDays } : {}),
  };
}

export type CoverageLevel = 'full' | 'partial' | 'unsupported';

/** Full only with JODI oil, measured Comtrade shares, usable IEA stocks and a live flow. */
export function coverageLevel(c: {
  jodiOil: boolean;
  comtrade: boolean;
  ieaStocks: boolean;
  degraded: boolean;
}): CoverageLevel {
  if (!c.jodiOil) return 'unsupported';
  return c.comtrade && c.ieaStocks && !c.degraded ? 'full' : 'partial';
}

export interface AssessmentFacts {
  countryCode: string;
  chokepointId: ShockChokepoint;
  disruptionPct: number;
  jodiOil: boolean;
  netExporter: boolean;
  comtrade: boolean;
  gulfShare: number;
  shock: OilShock;
  ieaStocks: boolean;
}

/** One sentence on the oil outcome, from the most decisive fact down. */
export function oilAssessment(f: AssessmentFacts): string {
  const cp = CHOKEPOINT_NAMES[f.chokepointId];
  if (!f.jodiOil)
    return `Insufficient data: no JODI oil balance for ${f.countryCode}, so the ${cp} disruption cannot be modelled.`;
  if (f.netExporter)
    return `${f.countryCode} is a net oil exporter: a ${f.disruptionPct}% ${cp} disruption leaves no import gap to fill.`;
  if (f.comtrade && f.gulfShare < LIMITED_GULF_SHARE) {
    return `Limited impact: only ${round(f.gulfShare * 100, 1)}% of ${f.countryCode}'s crude imports come from the Gulf.`;
  }
  const days = f.shock.effectiveCoverDays;
  if (days >= MAX_COVER_DAYS)
    return `Emergency stocks could bridge a ${f.disruptionPct}% ${cp} disruption indefinitely (two years or more).`;
  if (days > 90) return `Emergency stocks could bridge a ${f.disruptionPct}% ${cp} disruption for about ${days} days.`;
  const worst = [...f.shock.products].sort((a, b) => b.deficitPct - a.deficitPct)[0];
  const stocks = f.ieaStocks
    ? days > 0
      ? `IEA stocks cover about ${days} days of the loss.`
      : 'IEA stocks give no cover.'
    : 'No IEA stock data to draw on.';
  return worst
    ? `Worst product shortfall: ${worst.product} at ${worst.deficitPct}% of demand. ${stocks}`
    : `No product demand published for ${f.countryCode}. ${stocks}`;
}

/** One sentence on the gas outcome. */
export function gasAssessment(countryCode: string, chokepointId: ShockChokepoint, g: GasShock | undefined): string {
  if (!g) return `Insufficient data: no JODI gas balance for ${countryCode}.`;
  const cp = CHOKEPOINT_NAMES[chokepointId];
  if (g.lngDisruptionTj <= 0) return `${countryCode} imports no LNG exposed to the ${cp}.`;
  const buffer =
    g.bufferDays !== undefined ? ` Storage could replace the lost LNG for about ${g.bufferDays} days.` : '';
  return `LNG loss of ${g.lngDisruptionTj} TJ a month, ${g.deficitPct}% of gas demand.${buffer}`;
}

export interface LimitationFacts {
  comtrade: boolean;
  /** The measured share came from bilateral flows without a World total. */
  partnerSumShare: boolean;
  ieaStocks: boolean;
  degraded: boolean;
  emberFossilShare?: number;
  spr?: { regime: string; ieaMember: boolean };
  gas: boolean;
  oil: boolean;
}

/** The caveats of an answer, fixed texts in a fixed order. */
export function limitations(f: LimitationFacts): string[] {
  const out: string[] = [];
  if (f.oil) {
    if (!f.comtrade)
      out.push(
        `Gulf share of crude imports is a proxy of ${GULF_SHARE_PROXY * 100}%: the bundled UN Comtrade flows have no crude imports for this country.`,
      );
    else if (f.partnerSumShare)
      out.push('Gulf share of crude imports measured over the Comtrade partners listed (no World total in the flows).');
    if (!f.ieaStocks) out.push('IEA emergency stock data unavailable for this country.');
    out.push('Product losses assume average refinery yields (gasoline 44%, diesel 30%, jet fuel 10%, LPG 5%).');
  }
  if (f.degraded) out.push('Live chokepoint flow unavailable (PortWatch): exposure assumes normal flows.');
  if (f.emberFossilShare !== undefined && f.emberFossilShare > HIGH_FOSSIL_SHARE)
    out.push('Electricity is over 70% fossil-fired: little room to substitute power for fuel.');
  if (f.oil) {
    if (!f.spr) out.push('Strategic reserve regime not classified for this country.');
    else if (f.spr.regime === 'government_spr' && !f.spr.ieaMember)
      out.push('Government reserve outside the IEA coordinated system: releases are at national discretion.');
  }
  if (f.gas)
    out.push(
      'LNG exposure uses assumed route shares per chokepoint (Hormuz 30%, Malacca 50%, Suez 20%, Bab el-Mandeb 20%).',
    );
  return out;
}
