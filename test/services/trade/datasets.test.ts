import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseWtoData } from '../../../src/sources/wto/timeseries.js';
import { parseComtradePreview } from '../../../src/sources/comtrade/preview.js';
import { parseMtsRows } from '../../../src/sources/fiscaldata/mts.js';
import { wtoIndicatorsDataset, WTO } from '../../../src/services/trade/datasets/wto-indicators.js';
import { comtradeFlowsDataset, COMTRADE_REQUESTS } from '../../../src/services/trade/datasets/comtrade-flows.js';
import { sampleAsFetched } from '../../support/upstream.js';
import { customsMonths, customsRevenueDataset } from '../../../src/services/trade/datasets/customs-revenue.js';
import { comtradeRecords } from '../../../src/services/trade/queries.js';
import { FormatError } from '../../../src/sources/formats/errors.js';

// The Comtrade sample is the per-(reporter, code) answers, joined by the dataset's own fetch as live.
const COMTRADE = await sampleAsFetched(comtradeFlowsDataset.sources.preview!);

const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'trade', f));
const wtoPayloads = Object.fromEntries(Object.values(WTO).map((i) => [i, sample(`wto-${i.toLowerCase()}.json`)]));

describe('WTO Timeseries parser', () => {
  it('reads every row of the bundled indicators', () => {
    const rows = parseWtoData(sample('wto-tp_a_0010.json'));
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.find((r) => r.reporterCode === '156' && r.year === 2025)).toEqual({
      indicator: 'TP_A_0010',
      reporterCode: '156',
      reporterName: 'China',
      partnerCode: '000',
      year: 2025,
      value: 7.3,
    });
  });
  it('skips rows without a numeric value and refuses an API error body', () => {
    const doc = {
      Dataset: [
        { IndicatorCode: 'X', ReportingEconomyCode: '840', ReportingEconomy: 'US', Year: 2020, Value: null },
        { IndicatorCode: 'X', ReportingEconomyCode: 76, Year: 2021, Value: 1.5 },
      ],
    };
    expect(parseWtoData(JSON.stringify(doc))).toEqual([
      { indicator: 'X', reporterCode: '076', reporterName: '076', partnerCode: '000', year: 2021, value: 1.5 },
    ]);
    expect(() => parseWtoData('{"statusCode":401,"message":"Access denied due to missing subscription key."}')).toThrow(
      /WTO: upstream answered without data: Access denied/,
    );
    expect(() => parseWtoData('<html>')).toThrow(FormatError);
  });
  it('the dataset keeps each indicator from its own request and needs every one', () => {
    const { records } = wtoIndicatorsDataset.parse(wtoPayloads, 0);
    expect(new Set(records.map((r) => r.indicator))).toEqual(new Set(Object.values(WTO)));
    expect(() => wtoIndicatorsDataset.parse({ ...wtoPayloads, TP_A_0160: undefined }, 0)).toThrow(/TP_A_0160/);
    // A swapped answer (exports served for imports) contributes no rows to the wrong indicator.
    const swapped = wtoIndicatorsDataset.parse({ ...wtoPayloads, ITS_MTV_AM: wtoPayloads.ITS_MTV_AX }, 0).records;
    expect(swapped.filter((r) => r.indicator === 'ITS_MTV_AM')).toEqual([]);
  });
  it('requires the WTO key for live ingestion', () => {
    for (const s of Object.values(wtoIndicatorsDataset.sources)) {
      expect(s.requires).toEqual(['WTO_API_KEY']);
      expect(s.headers!({ WTO_API_KEY: 'k' } as never)).toEqual({ 'Ocp-Apim-Subscription-Key': 'k' });
    }
  });
});

describe('Comtrade preview parser and flows dataset', () => {
  it('reads bilateral and World rows with real HS codes', () => {
    const rows = parseComtradePreview(COMTRADE);
    expect(rows.length).toBe(354);
    // Every row answers one of the requests the live ingestion makes.
    const asked = new Set(COMTRADE_REQUESTS.map(([reporter, cmd]) => `${reporter}|${cmd}`));
    for (const r of rows) expect(asked.has(`${r.reporterCode}|${r.cmdCode}`)).toBe(true);
    const world = rows.find(
      (r) =>
        r.reporterCode === '156' &&
        r.cmdCode === '8542' &&
        r.flowCode === 'M' &&
        r.partnerCode === '0' &&
        r.year === 2023,
    )!;
    const taiwan = rows.find(
      (r) =>
        r.reporterCode === '156' &&
        r.cmdCode === '8542' &&
        r.flowCode === 'M' &&
        r.partnerCode === '490' &&
        r.year === 2023,
    )!;
    expect(world.tradeValueUsd).toBeCloseTo(349.4e9, -3);
    expect(taiwan.tradeValueUsd / world.tradeValueUsd).toBeGreaterThan(0.3);
    expect(world.netWeightKg).toBeGreaterThan(0);
  });
  it('refuses an upstream error and drops unusable rows', () => {
    expect(() => parseComtradePreview('{"data":[],"error":"Rate limit exceeded"}')).toThrow(
      /Comtrade: upstream error: Rate limit/,
    );
    expect(() => parseComtradePreview('{"count":0}')).toThrow(/no data array/);
    const doc = {
      data: [
        { flowCode: 'RX', cmdCode: '2709', refYear: 2024, primaryValue: 1 },
        { flowCode: 'M', cmdCode: 'TOTAL', refYear: 2024, primaryValue: 1 },
        {
          flowCode: 'M',
          cmdCode: '2709',
          refYear: 2024,
          primaryValue: 5,
          reporterCode: 842,
          partnerCode: 0,
          netWgt: null,
        },
      ],
    };
    expect(parseComtradePreview(JSON.stringify(doc))).toMatchObject([
      { flowCode: 'M', cmdCode: '2709', tradeValueUsd: 5, netWeightKg: 0, reporterCode: '842', partnerCode: '0' },
    ]);
  });
  it('the dataset removes repeated rows', () => {
    const doc = JSON.parse(COMTRADE.toString());
    doc.data.push(doc.data[0]);
    expect(comtradeFlowsDataset.parse({ preview: Buffer.from(JSON.stringify(doc)) }, 0).records).toHaveLength(354);
  });
  it('aggregates World imports plus exports per reporter, code and year, with the change on the year before', () => {
    const { records } = comtradeFlowsDataset.parse({ preview: COMTRADE }, 0);
    const out = comtradeRecords(records);
    const usChips = out.filter((r) => r.reporterCode === '842' && r.cmdCode === '8542');
    expect(usChips.map((r) => r.year)).toEqual([2024, 2023]);
    const sum = (y: number) =>
      records
        .filter((r) => r.reporterCode === '842' && r.cmdCode === '8542' && r.partnerCode === '0' && r.year === y)
        .reduce((s, r) => s + r.tradeValueUsd, 0);
    expect(usChips[0].tradeValueUsd).toBeCloseTo(sum(2024), 0);
    expect(usChips[0].yoyChange).toBeCloseTo(sum(2024) / sum(2023) - 1, 3);
    expect(usChips[1].yoyChange).toBe(0);
  });
  it('sums bilateral rows when a flow has no World row', () => {
    const base = {
      reporterCode: '842',
      reporterIso: 'USA',
      reporterName: 'USA',
      partnerIso: '',
      partnerName: '',
      cmdCode: '2709',
      cmdDesc: 'Crude',
      year: 2024,
      netWeightKg: 1,
    };
    const rows = [
      { ...base, partnerCode: '124', flowCode: 'M' as const, tradeValueUsd: 10 },
      { ...base, partnerCode: '484', flowCode: 'M' as const, tradeValueUsd: 5 },
      { ...base, partnerCode: '0', flowCode: 'X' as const, tradeValueUsd: 7 },
      { ...base, partnerCode: '528', flowCode: 'X' as const, tradeValueUsd: 3 },
    ];
    expect(comtradeRecords(rows)[0]).toMatchObject({ tradeValueUsd: 22, partnerCode: '000', partnerName: 'World' });
  });
});

describe('Treasury customs revenue', () => {
  it('reads the months oldest first in billions', () => {
    const months = customsMonths(sample('fiscaldata-mts-table-9-customs.json'));
    expect(months).toHaveLength(18);
    expect(months[0]).toMatchObject({ recordDate: '2025-05-31', calendarMonth: 5, fiscalYear: 2025 });
    expect(months.at(-1)).toMatchObject({ recordDate: '2026-10-31', fiscalYear: 2027, calendarYear: 2026 });
    // October starts a fiscal year: the year-to-date equals the month.
    expect(months.at(-1)!.fytdAmountBillions).toBe(months.at(-1)!.monthlyAmountBillions);
  });
  it('refuses an error body and a table that grew past three years', () => {
    expect(() => parseMtsRows('{"error":"Invalid Query Param","message":"Invalid filter"}')).toThrow(
      /FiscalData: Invalid filter/,
    );
    const row = {
      record_date: '2025-01-31',
      classification_desc: 'Customs Duties',
      current_month_rcpt_outly_amt: '1',
      current_fytd_rcpt_outly_amt: '1',
      record_fiscal_year: '2025',
      record_calendar_year: '2025',
      record_calendar_month: '01',
    };
    expect(() =>
      customsRevenueDataset.parse({ mts: Buffer.from(JSON.stringify({ data: Array(101).fill(row) })) }, 0),
    ).toThrow(/at most 100/);
  });
});
