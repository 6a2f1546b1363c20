import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import {
  earningsCalendarUrl,
  finnhubHeaders,
  parseEarningsCalendar,
  parseInsiderTransactions,
} from '../../../src/sources/finnhub/index.js';

describe('Finnhub', () => {
  it('sends the token header', () => {
    expect(finnhubHeaders(testConfig({ FINNHUB_API_KEY: 'k' }))).toMatchObject({ 'x-finnhub-token': 'k' });
  });

  it('builds the calendar window in UTC days', () => {
    expect(earningsCalendarUrl(Date.UTC(2026, 10, 13, 23), Date.UTC(2026, 11, 4))).toBe(
      'https://finnhub.io/api/v1/calendar/earnings?from=2026-11-13&to=2026-12-04',
    );
  });

  it('reads calendar rows, skipping rows without a date', () => {
    const rows = parseEarningsCalendar(
      '{"earningsCalendar":[{"date":"2026-11-19","symbol":"X","epsEstimate":1},{"symbol":"Y"}]}',
    );
    expect(rows).toEqual([{ date: '2026-11-19', symbol: 'X', epsEstimate: 1 }]);
    expect(() => parseEarningsCalendar('[]')).toThrow(/earningsCalendar/);
    expect(() => parseEarningsCalendar('<')).toThrow(/not JSON/);
  });

  it('reads insider documents, one or several', () => {
    const one = {
      symbol: 'aapl',
      data: [
        { name: 'A', change: -5, transactionDate: '2026-11-01', transactionCode: 'S', transactionPrice: 2 },
        { name: 'bad' },
      ],
    };
    expect(parseInsiderTransactions(JSON.stringify(one))).toEqual([{ symbol: 'AAPL', data: [one.data[0]] }]);
    expect(parseInsiderTransactions(JSON.stringify([one, { symbol: 'MSFT', data: null }]))[1]).toEqual({
      symbol: 'MSFT',
      data: [],
    });
    expect(() => parseInsiderTransactions('{"data":[]}')).toThrow(/symbol/);
  });
});
