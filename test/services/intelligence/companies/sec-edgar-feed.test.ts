import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { currentFilingsDataset } from '../../../../src/services/intelligence/companies/datasets/current-filings.js';
import {
  edgarFileDate,
  materialEvents,
  MATERIAL_ITEM_CODES,
  parseCalendarDate,
} from '../../../../src/services/intelligence/companies/rules.js';
import { parseCurrentFilings, type CurrentFiling } from '../../../../src/sources/sec-edgar/current-filings.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';

const sample = fs.readFileSync(path.join(SAMPLES_DIR, currentFilingsDataset.sources.atom.sample));

describe('EDGAR current-filings Atom parser', () => {
  it('reads form, company, CIK, accession, items and acceptance time', () => {
    const { filings, updatedAt } = parseCurrentFilings(sample);
    expect(filings).toHaveLength(29);
    expect(updatedAt).toBe(Date.UTC(2026, 10, 20, 11, 45, 10));
    const wba = filings.find((f) => f.company === 'WALGREENS BOOTS ALLIANCE, INC.')!;
    expect(wba).toMatchObject({ cik: '0001618921', form: '8-K', accession: '0001618921-26-000148' });
    expect(wba.items.map((i) => i.code)).toEqual(['1.01', '2.03', '9.01']);
    expect(wba.url).toMatch(/^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1618921\/000161892126000148\//);
    expect(filings.find((f) => f.company === 'JPMORGAN CHASE & CO')).toBeDefined();
    expect(filings.find((f) => f.form === '8-K/A')?.company).toBe('TESLA, INC.');
  });

  it('rejects a page that is not an Atom feed', () => {
    expect(() => parseCurrentFilings('<html><body>Your request has been blocked</body></html>')).toThrow(FormatError);
  });

  it('rejects a feed none of whose entries can be read', () => {
    const atom =
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>garbled</title><updated>2026-11-20T00:00:00Z</updated></entry></feed>';
    expect(() => parseCurrentFilings(atom)).toThrow(/EDGAR/);
  });
});

describe('material 8-K rules', () => {
  const base: CurrentFiling = {
    accession: 'a',
    company: 'X',
    cik: '0000000001',
    form: '8-K',
    filedAt: 1_000_000_000_000,
    items: [],
    url: '',
  };
  const now = 1_000_000_000_000;

  it.each([
    [['2.02', '9.01'], ['2.02']],
    [['7.01', '8.01', '9.01'], null],
    [['5.07'], null],
    [['1.05', '8.01'], ['1.05']],
  ])('items %j -> %j', (codes, kept) => {
    const out = materialEvents([{ ...base, items: codes.map((code) => ({ code, description: '' })) }], now);
    expect(out.length ? out[0].items.map((i) => i.code) : null).toEqual(kept);
  });

  it('keeps the week before now and at most an hour ahead, 8-K forms only', () => {
    const items = [{ code: '1.01', description: '' }];
    const out = materialEvents(
      [
        { ...base, accession: 'old', items, filedAt: now - 8 * 86_400_000 },
        { ...base, accession: 'ahead', items, filedAt: now + 2 * 3_600_000 },
        { ...base, accession: 'tenk', form: '10-K', items },
        { ...base, accession: 'ok', items, filedAt: now - 86_400_000 },
        { ...base, accession: 'newer', form: '8-K/A', items, filedAt: now - 1000 },
      ],
      now,
    );
    expect(out.map((e) => e.accession)).toEqual(['newer', 'ok']);
  });

  it('only ever returns material items, newest first', () => {
    const codes = ['1.01', '2.02', '5.02', '5.07', '7.01', '8.01', '9.01', '1.05'];
    const arb = fc.array(
      fc.record({
        filedAt: fc.integer({ min: now - 10 * 86_400_000, max: now }),
        items: fc.array(fc.constantFrom(...codes), { maxLength: 4 }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const out = materialEvents(
          rows.map((r, i) => ({
            ...base,
            accession: String(i),
            filedAt: r.filedAt,
            items: r.items.map((code) => ({ code, description: '' })),
          })),
          now,
        );
        for (let i = 1; i < out.length; i++) if (out[i - 1].filedAt < out[i].filedAt) return false;
        return out.every((e) => e.items.length > 0 && e.items.every((it) => MATERIAL_ITEM_CODES.has(it.code)));
      }),
    );
  });

  it('reads calendar dates strictly and dates filings in Eastern time', () => {
    expect(parseCalendarDate('2026-11-20')).toBe(Date.UTC(2026, 10, 20));
    expect(parseCalendarDate('2026-02-30')).toBeUndefined();
    expect(parseCalendarDate('2026-1-5')).toBeUndefined();
    expect(edgarFileDate(Date.UTC(2026, 10, 20, 3, 0))).toBe('2026-11-19');
    expect(edgarFileDate(Date.UTC(2026, 10, 20, 15, 0))).toBe('2026-11-20');
  });
});
