import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import {
  EMBER_MONTHLY,
  type ElectricityMixRow,
  ENTSOE_PRICES,
  type ElectricityPriceRow,
  GIE_COUNTRY_STORAGE,
  IEA_OIL_STOCKS,
  type IeaStocksInfo,
  JODI_GAS,
  JODI_GAS_FLOWS,
  type GasBalanceRow,
  OWID_ENERGY_MIX,
  type EnergyMixRow,
  SPR_POLICIES,
  type SprPolicy,
  type SprRegistryInfo,
  type MemberStocks,
} from '../../economic/index.js';
import {
  OIL_BALANCES,
  type OilBalanceRow,
  type OilRecord,
  statusById,
  STATUS_DATASETS,
} from '../../supply-chain/index.js';
import { COMTRADE_FLOWS, type ComtradeFlow } from '../../trade/index.js';
import { comtradeIso2 } from '../../../sources/comtrade/countries.js';
import type { CountryGasStorageDay } from '../../../sources/gie/agsi.js';
import {
  clamp,
  clampDisruption,
  coverageLevel,
  gasAssessment,
  gasShock,
  GULF_M49,
  GULF_SHARE_PROXY,
  gulfShareOf,
  IEA_OBLIGATION_DAYS,
  limitations,
  oilAssessment,
  oilShock,
  type CrudeImports,
} from './rules.js';
import type {
  ComputeEnergyShockScenarioRequest,
  ComputeEnergyShockScenarioResponse,
  GetCountryEnergyProfileRequest,
  GetCountryEnergyProfileResponse,
} from './schemas.js';

/** Every dataset an energy answer reads. */
export const ENERGY_PROFILE_DATASETS = [
  OWID_ENERGY_MIX,
  JODI_GAS,
  EMBER_MONTHLY,
  SPR_POLICIES,
  GIE_COUNTRY_STORAGE,
  ENTSOE_PRICES,
  IEA_OIL_STOCKS,
  OIL_BALANCES,
] as const;
export const ENERGY_SHOCK_DATASETS = [...ENERGY_PROFILE_DATASETS, COMTRADE_FLOWS, ...STATUS_DATASETS] as const;

/** EU-27 and the UK: the storage AGSI+ publishes. */
const EUROPE = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB'.split(' '),
);

function byIso2<R extends { iso2: string }, I>(s: Snapshot<R, I> | undefined): ReadonlyMap<string, R> {
  return s ? s.derive('by-iso2', (snap) => new Map(snap.records.map((r) => [r.iso2, r]))) : new Map();
}

/** JODI oil figures of one country, by `PRODUCT.FLOW`. */
function jodiOil(store: SnapshotStore): ReadonlyMap<string, OilBalanceRow[]> {
  const s = store.read<OilRecord>(OIL_BALANCES);
  if (!s) return new Map();
  return s.derive('jodi-by-iso2', (snap) => {
    const out = new Map<string, OilBalanceRow[]>();
    for (const r of snap.records) if (r.kind === 'jodi') out.set(r.iso2, [...(out.get(r.iso2) ?? []), r]);
    return out;
  });
}

/** The country asked for (upper-cased, trimmed), or the largest JODI crude importer when omitted. */
export function resolveCountryCode(store: SnapshotStore, raw: string | undefined): string {
  const code = (raw ?? '').trim().toUpperCase();
  if (code !== '') return code;
  let best = { iso2: '', kbd: -1 };
  for (const [iso2, rows] of jodiOil(store)) {
    const kbd = rows.find((r) => r.product === 'CRUDEOIL' && r.flow === 'IMPORTS')?.kbd ?? -1;
    if (kbd > best.kbd || (kbd === best.kbd && iso2 < best.iso2)) best = { iso2, kbd };
  }
  return best.iso2;
}

interface IeaView {
  available: boolean;
  dataMonth: string;
  daysOfCover: number;
  netExporter: boolean;
}

function ieaView(store: SnapshotStore, iso2: string): IeaView {
  const s = store.read<MemberStocks, IeaStocksInfo>(IEA_OIL_STOCKS);
  const row = byIso2(s).get(iso2);
  // Members whose figure was an anomaly are absent from the records: unavailable.
  if (!s || !row) return { available: false, dataMonth: '', daysOfCover: 0, netExporter: false };
  return {
    available: true,
    dataMonth: s.info.dataMonth,
    daysOfCover: row.daysOfCover ?? 0,
    netExporter: row.netExporter,
  };
}

function latestStorage(store: SnapshotStore, iso2: string): CountryGasStorageDay | undefined {
  const s = store.read<CountryGasStorageDay>(GIE_COUNTRY_STORAGE);
  // Records are newest first per country: the first match is the latest gas day.
  return s
    ?.derive('latest-by-country', (snap) => {
      const out = new Map<string, CountryGasStorageDay>();
      for (const r of snap.records) if (!out.has(r.country)) out.set(r.country, r);
      return out;
    })
    .get(iso2);
}

const trendWord = (pp: number) => (pp > 0.05 ? 'injecting' : pp < -0.05 ? 'withdrawing' : 'stable');
const fin = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : 0);

export function getCountryEnergyProfile(
  store: SnapshotStore,
  req: GetCountryEnergyProfileRequest,
): GetCountryEnergyProfileResponse {
  const cc = resolveCountryCode(store, req.country_code);
  const known = /^[A-Z]{2}$/.test(cc);
  const mix = known ? byIso2(store.read<EnergyMixRow>(OWID_ENERGY_MIX)).get(cc) : undefined;
  const gas = known ? byIso2(store.read<GasBalanceRow>(JODI_GAS)).get(cc) : undefined;
  const ember = known ? byIso2(store.read<ElectricityMixRow>(EMBER_MONTHLY)).get(cc) : undefined;
  const spr = known ? byIso2(store.read<SprPolicy, SprRegistryInfo>(SPR_POLICIES)).get(cc) : undefined;
  const storage = known ? latestStorage(store, cc) : undefined;
  const power = known ? byIso2(store.read<ElectricityPriceRow>(ENTSOE_PRICES)).get(cc) : undefined;
  const iea = known ? ieaView(store, cc) : ieaView(store, '');
  const oil = known ? (jodiOil(store).get(cc) ?? []) : [];
  const kbd = (product: string, flow: string) => fin(oil.find((r) => r.product === product && r.flow === flow)?.kbd);
  const gasImports = fin(gas?.lngImportsTj) + fin(gas?.pipeImportsTj);
  return {
    mixAvailable: !!mix,
    mixYear: mix?.year ?? 0,
    coalShare: fin(mix?.coalShare),
    gasShare: fin(mix?.gasShare),
    oilShare: fin(mix?.oilShare),
    nuclearShare: fin(mix?.nuclearShare),
    renewShare: fin(mix?.renewShare),
    windShare: fin(mix?.windShare),
    solarShare: fin(mix?.solarShare),
    hydroShare: fin(mix?.hydroShare),
    importShare: fin(mix?.importShare),
    gasStorageAvailable: !!storage,
    gasStorageFillPct: fin(storage?.fullPct),
    gasStorageChange1d: fin(storage?.trendPct),
    gasStorageTrend: storage ? trendWord(storage.trendPct) : '',
    gasStorageDate: storage?.gasDay ?? '',
    electricityAvailable: !!power,
    electricityPriceMwh: power?.meanPriceMwh ?? 0,
    electricitySource: power ? 'entsoe' : '',
    electricityDate: power?.date ?? '',
    jodiOilAvailable: oil.length > 0,
    jodiOilDataMonth: oil.reduce((m, r) => (r.period > m ? r.period : m), ''),
    gasolineDemandKbd: kbd('GASOLINE', 'TOTDEMO'),
    gasolineImportsKbd: kbd('GASOLINE', 'IMPORTS'),
    dieselDemandKbd: kbd('GASDIES', 'TOTDEMO'),
    dieselImportsKbd: kbd('GASDIES', 'IMPORTS'),
    jetDemandKbd: kbd('JETKERO', 'TOTDEMO'),
    jetImportsKbd: kbd('JETKERO', 'IMPORTS'),
    lpgDemandKbd: kbd('LPG', 'TOTDEMO'),
    crudeImportsKbd: kbd('CRUDEOIL', 'IMPORTS'),
    lpgImportsKbd: kbd('LPG', 'IMPORTS'),
    jodiGasAvailable: !!gas,
    jodiGasDataMonth: gas?.dataMonth ?? '',
    gasTotalDemandTj: fin(gas?.totalDemandTj),
    gasLngImportsTj: fin(gas?.lngImportsTj),
    gasPipeImportsTj: fin(gas?.pipeImportsTj),
    gasLngShare: gasImports > 0 ? Math.round((fin(gas?.lngImportsTj) / gasImports) * 1000) / 10 : 0,
    ieaStocksAvailable: iea.available,
    ieaStocksDataMonth: iea.dataMonth,
    ieaDaysOfCover: iea.daysOfCover,
    ieaNetExporter: iea.netExporter,
    ieaBelowObligation: iea.available && !iea.netExporter && iea.daysOfCover < IEA_OBLIGATION_DAYS,
    emberFossilShare: fin(ember?.fossilShare),
    emberRenewShare: fin(ember?.renewShare),
    emberNuclearShare: fin(ember?.nuclearShare),
    emberCoalShare: fin(ember?.coalShare),
    emberGasShare: fin(ember?.gasShare),
    emberDemandTwh: fin(ember?.demandTwh),
    emberDataMonth: ember?.dataMonth ?? '',
    emberAvailable: !!ember,
    sprRegime: spr?.regime ?? 'unknown',
    sprCapacityMb: spr?.capacityMb ?? 0,
    sprOperator: spr?.operator ?? '',
    sprIeaMember: spr?.ieaMember ?? false,
    sprStockholdingModel: spr?.stockholdingModel ?? '',
    sprNote: spr?.note ?? '',
    sprSource: spr?.source ?? '',
    sprAsOf: spr?.asOf ?? '',
    sprAvailable: !!spr,
    jodiOilObservedMeasurements: oil.map((r) => `${r.product}.${r.flow}`).sort(),
    jodiGasObservedMeasurements: gas
      ? Object.keys(JODI_GAS_FLOWS)
          .filter((f) => gas[JODI_GAS_FLOWS[f as keyof typeof JODI_GAS_FLOWS]] !== undefined)
          .sort()
      : [],
  };
}

/** A measured Gulf share and where it came from. */
interface MeasuredShare {
  share: number;
  year: number;
  /** Without a World row the share is over the partners listed. */
  partnerSum: boolean;
}

/** Crude (HS 2709) import shares per reporter from trade's Comtrade preview flows, newest year. */
function previewShares(s: Snapshot<ComtradeFlow>): ReadonlyMap<string, MeasuredShare> {
  return s.derive('gulf-crude-shares', (snap) => {
    const byKey = new Map<string, CrudeImports & { iso2: string; year: number }>();
    for (const r of snap.records) {
      if (r.flowCode !== 'M' || !r.cmdCode.startsWith('2709')) continue;
      const iso2 = comtradeIso2(r.reporterIso, r.reporterCode);
      if (!iso2) continue;
      const key = `${iso2}|${r.year}`;
      const entry = byKey.get(key) ?? { iso2, year: r.year, partners: [] };
      if (r.partnerCode === '0') entry.worldUsd = r.tradeValueUsd;
      else
        entry.partners.push({
          iso2: GULF_M49.has(r.partnerCode) ? gulfIso2(r.partnerCode) : r.partnerIso || r.partnerCode,
          usd: r.tradeValueUsd,
        });
      byKey.set(key, entry);
    }
    return newestShares([...byKey.values()]);
  });
}

const GULF_BY_M49: Record<string, string> = { '682': 'SA', '784': 'AE', '368': 'IQ', '414': 'KW', '364': 'IR' };
const gulfIso2 = (m49: string) => GULF_BY_M49[m49]!;

function newestShares(entries: (CrudeImports & { iso2: string; year: number })[]): Map<string, MeasuredShare> {
  const out = new Map<string, MeasuredShare>();
  for (const e of entries) {
    const share = gulfShareOf(e);
    const prev = out.get(e.iso2);
    if (share !== undefined && (!prev || prev.year < e.year))
      out.set(e.iso2, { share, year: e.year, partnerSum: e.worldUsd === undefined });
  }
  return out;
}

/** The measured Gulf share of a country's crude imports, from the one Comtrade flows dataset. */
function measuredGulfShare(store: SnapshotStore, iso2: string): MeasuredShare | undefined {
  const flows = store.read<ComtradeFlow>(COMTRADE_FLOWS);
  return flows ? previewShares(flows).get(iso2) : undefined;
}

export function computeEnergyShock(
  store: SnapshotStore,
  req: ComputeEnergyShockScenarioRequest,
): ComputeEnergyShockScenarioResponse {
  const cc = resolveCountryCode(store, req.country_code);
  const chokepointId = req.chokepoint_id ?? 'hormuz_strait';
  const disruptionPct = clampDisruption(req.disruption_pct ?? 100);
  const mode = req.fuel_mode ?? 'oil';
  const known = /^[A-Z]{2}$/.test(cc);
  const profile = getCountryEnergyProfile(store, { country_code: known ? cc : '-' });

  const ratio = statusById(store).byId.get(chokepointId)?.flowEstimate?.flowRatio;
  const liveFlowRatio = ratio !== undefined && Number.isFinite(ratio) ? clamp(ratio, 0, 1.5) : undefined;
  const degraded = liveFlowRatio === undefined;

  const measured = known ? measuredGulfShare(store, cc) : undefined;
  const gulfShare = measured?.share ?? GULF_SHARE_PROXY;
  const iea = known ? ieaView(store, cc) : ieaView(store, '');
  const ieaStocks = iea.available;
  const netExporter = iea.netExporter || (profile.jodiOilAvailable && profile.crudeImportsKbd <= 0);
  const oilWanted = mode !== 'gas';
  const gasWanted = mode !== 'oil';
  const jodiOil = profile.jodiOilAvailable;

  const shock = oilShock({
    chokepointId,
    disruptionPct,
    ...(liveFlowRatio !== undefined ? { liveFlowRatio } : {}),
    gulfShare,
    crudeImportsKbd: profile.crudeImportsKbd,
    demandKbd: {
      GASOLINE: profile.gasolineDemandKbd,
      GASDIES: profile.dieselDemandKbd,
      JETKERO: profile.jetDemandKbd,
      LPG: profile.lpgDemandKbd,
    },
    ...(ieaStocks && !iea.netExporter ? { daysOfCover: iea.daysOfCover } : {}),
    netExporter,
  });
  const oilOut =
    oilWanted && jodiOil ? shock : { gulfCrudeShare: 0, crudeLossKbd: 0, products: [], effectiveCoverDays: 0 };
  const assessOil = oilAssessment({
    countryCode: cc || '(none)',
    chokepointId,
    disruptionPct,
    jodiOil,
    netExporter,
    comtrade: !!measured,
    gulfShare,
    shock,
    ieaStocks,
  });

  let gasImpact: ComputeEnergyShockScenarioResponse['gasImpact'];
  if (gasWanted) {
    const g = profile.jodiGasAvailable
      ? gasShock({
          chokepointId,
          disruptionPct,
          ...(liveFlowRatio !== undefined ? { liveFlowRatio } : {}),
          lngImportsTj: profile.gasLngImportsTj,
          pipeImportsTj: profile.gasPipeImportsTj,
          totalDemandTj: profile.gasTotalDemandTj,
          ...(profile.gasStorageAvailable && EUROPE.has(cc)
            ? { storageTwh: latestStorage(store, cc)!.gasInStorageTwh }
            : {}),
        })
      : undefined;
    const storage = g?.bufferDays !== undefined ? latestStorage(store, cc) : undefined;
    gasImpact = {
      lngShareOfImports: g?.lngShareOfImports ?? 0,
      lngImportsTj: profile.gasLngImportsTj,
      lngDisruptionTj: g?.lngDisruptionTj ?? 0,
      totalDemandTj: profile.gasTotalDemandTj,
      deficitPct: g?.deficitPct ?? 0,
      dataAvailable: !!g,
      assessment: gasAssessment(cc || '(none)', chokepointId, g),
      ...(storage && g?.bufferDays !== undefined
        ? {
            storage: {
              fillPct: storage.fullPct,
              gasTwh: storage.gasInStorageTwh,
              bufferDays: g.bufferDays,
              trend: trendWord(storage.trendPct),
              date: storage.gasDay,
              scope: 'europe',
            },
          }
        : {}),
      dataSource: storage ? 'gie_daily' : 'jodi_monthly',
    };
  }

  const gasData = !!gasImpact?.dataAvailable;
  let level = coverageLevel({ jodiOil, comtrade: !!measured, ieaStocks, degraded });
  if (mode === 'gas') level = gasData ? (degraded ? 'partial' : 'full') : 'unsupported';
  else if (mode === 'both' && !jodiOil && gasData) level = 'partial';
  const dataAvailable = mode === 'oil' ? jodiOil : mode === 'gas' ? gasData : jodiOil || gasData;
  const assessment =
    mode === 'gas'
      ? gasImpact!.assessment
      : mode === 'both' && gasImpact
        ? `${assessOil} ${gasImpact.assessment}`
        : assessOil;

  return {
    countryCode: cc,
    chokepointId,
    disruptionPct,
    gulfCrudeShare: oilOut.gulfCrudeShare,
    crudeLossKbd: oilOut.crudeLossKbd,
    products: oilOut.products,
    effectiveCoverDays: oilOut.effectiveCoverDays,
    assessment,
    dataAvailable,
    jodiOilCoverage: jodiOil,
    comtradeCoverage: !!measured,
    ieaStocksCoverage: ieaStocks,
    portwatchCoverage: !degraded,
    coverageLevel: level,
    limitations: limitations({
      oil: oilWanted,
      gas: gasWanted,
      comtrade: !!measured,
      partnerSumShare: measured?.partnerSum ?? false,
      ieaStocks,
      degraded,
      ...(profile.emberAvailable ? { emberFossilShare: profile.emberFossilShare } : {}),
      ...(profile.sprAvailable ? { spr: { regime: profile.sprRegime, ieaMember: profile.sprIeaMember } } : {}),
    }),
    degraded,
    chokepointConfidence: degraded ? 'none' : 'high',
    ...(liveFlowRatio !== undefined ? { liveFlowRatio } : {}),
    ...(gasImpact ? { gasImpact } : {}),
  };
}
