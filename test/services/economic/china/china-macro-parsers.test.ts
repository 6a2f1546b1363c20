import { describe, expect, it } from 'vitest';
import { chinaMacroDataset } from '../../../../src/services/economic/china/datasets/china-macro.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import {
  fetchNewestLinked,
  parseNbsCalendar,
  parseNbsRelease,
  parseSafeReserves,
  parseSafeSettlement,
} from '../../../../src/sources/china-macro/releases.js';
import { sampleAsFetched } from '../../../support/upstream.js';

// Each release's sample is the listing then the release page, as the live fetch reads them.
const SAMPLES: Record<string, Buffer> = Object.fromEntries(
  await Promise.all(Object.entries(chinaMacroDataset.sources).map(async ([k, s]) => [k, await sampleAsFetched(s)])),
);
const sample = (key: string) => SAMPLES[key]!;
const page = (title: string, body: string, date = 'Release Time:2026-08-15 10:00') =>
  `<html><body><h1>${title}</h1><p>${date}</p><div>${body}</div></body></html>`;

describe('NBS release pages', () => {
  it('reads the year-on-year rate and the prior from the publisher’s comparison', () => {
    expect(parseNbsRelease(sample('industrial'), 'industrial_value_added')).toMatchObject({
      title: 'Industrial Production Operation in October 2026',
      value: 4.9,
      priorValue: 6.5,
      period: '2026-10',
      periodKind: 'month',
      releaseTime: Date.UTC(2026, 10, 16, 2),
      releasePrecision: 'instant',
    });
    expect(parseNbsRelease(sample('investment'), 'fixed_asset_investment')).toMatchObject({
      value: -1.7,
      priorValue: -0.5,
      periodKind: 'year_to_date',
    });
    // "The rate of decline was 0.8 percentage points higher": a deeper fall, so the prior was higher.
    expect(parseNbsRelease(sample('property'), 'real_estate_investment')).toMatchObject({
      value: -14.7,
      priorValue: -13.9,
    });
  });

  it.each([
    ['grew by 5.1 percent year on year. The growth rate was the same as that of June.', 5.1, 5.1],
    ['was up by 3.0 percent year on year, 0.4 percentage points faster than that of June.', 3, 2.6],
    ['decreased by 2.0 percent year on year.', -2, undefined],
  ])('reads "%s"', (sentence, value, prior) => {
    const o = parseNbsRelease(
      page(
        'Industrial Production Operation in July 2026',
        `In July, the value added of the industrial enterprises above designated size ${sentence}`,
      ),
      'industrial_value_added',
    );
    expect(o.value).toBe(value);
    expect(o.priorValue).toBe(prior);
    expect(o.period).toBe('2026-07');
  });

  it('refuses a page without the series sentence, a month or a release date', () => {
    expect(() => parseNbsRelease(sample('industrial'), 'real_estate_investment')).toThrow(FormatError);
    expect(() =>
      parseNbsRelease(
        page(
          'Industrial Production Operation',
          'the value added of industrial enterprises above designated size grew by 5 percent.',
        ),
        'industrial_value_added',
      ),
    ).toThrow(/names no month/);
    expect(() =>
      parseNbsRelease(
        page(
          'Industrial Production Operation in July 2026',
          'the value added of industrial enterprises above designated size grew by 5 percent.',
          '',
        ),
        'industrial_value_added',
      ),
    ).toThrow(/no release date/);
    expect(() => parseNbsRelease('<html><body>nothing</body></html>', 'industrial_value_added')).toThrow(/no headline/);
  });
});

describe('SAFE release pages', () => {
  it('reads reserves with the prior month from the stated change, and the net settlement', () => {
    expect(parseSafeReserves(sample('reserves'))).toMatchObject({
      value: 3339.8,
      priorValue: 3335.3,
      period: '2026-10',
      releaseTime: Date.UTC(2026, 10, 6, 16),
      releasePrecision: 'day',
    });
    expect(parseSafeSettlement(sample('settlement'))).toMatchObject({
      value: 16.4,
      priorValue: 9.8,
      period: '2026-10',
    });
    const deficit = page(
      'Data on Foreign Exchange Settlement and Sales by Banks in May 2026',
      'with a deficit of RMB 20.1 billion (US$2.8 billion). In April, the surplus was US$1.5 billion.',
      'Date:2026-06-19',
    );
    expect(parseSafeSettlement(deficit)).toMatchObject({ value: -2.8, priorValue: 1.5 });
    const down = page(
      "China's Foreign Exchange Reserves at the End of May 2026",
      "China's foreign exchange reserves stood at US$3,200.0 billion, down by US$12.5 billion from the end of April.",
      'Date:2026-06-07',
    );
    expect(parseSafeReserves(down)).toMatchObject({ value: 3200, priorValue: 3212.5 });
  });

  it('refuses pages without the figure', () => {
    expect(() => parseSafeReserves(sample('settlement'))).toThrow(/no reserves figure/);
    expect(() => parseSafeSettlement(sample('reserves'))).toThrow(/no net settlement figure/);
  });
});

describe('NBS release calendar', () => {
  it('reads every dated release with its Beijing time, skipping dashes', () => {
    const releases = parseNbsCalendar(sample('calendar'));
    expect(releases).toHaveLength(82);
    expect(releases.filter((r) => r.date.startsWith('2026-02'))).toEqual([
      { item: "Purchasing Managers' Index", date: '2026-02-28', time: '09:30' },
    ]);
    expect(releases).toContainEqual({ item: 'Industrial Production Operation', date: '2026-12-15', time: '10:00' });
  });

  it('refuses a page without the table or a year', () => {
    expect(() => parseNbsCalendar('<h1>Release Calendar 2026</h1><p>moved</p>')).toThrow(/no calendar table/);
    expect(() => parseNbsCalendar('<h1>Release Calendar</h1><table></table>')).toThrow(/no year/);
  });
});

describe('live reading of the release listings', () => {
  it('follows the newest link whose text matches', async () => {
    const asked: string[] = [];
    const get = async (url: string) => {
      asked.push(url);
      return Buffer.from(
        url.endsWith('/list/')
          ? '<a href="a.html">Other</a><a href="../r/202611/t1.html">Industrial Production Operation in October 2026</a><a href="old.html">Industrial Production Operation in September 2026</a>'
          : 'page',
      );
    };
    expect(
      (
        await fetchNewestLinked(get, 'https://www.stats.gov.cn/english/list/', /^Industrial Production Operation in /)
      ).toString(),
    ).toBe('page');
    expect(asked).toEqual([
      'https://www.stats.gov.cn/english/list/',
      'https://www.stats.gov.cn/english/r/202611/t1.html',
    ]);
    await expect(fetchNewestLinked(get, 'https://www.stats.gov.cn/english/list/', /^Nothing/)).rejects.toThrow(
      /links no release/,
    );
  });
});
