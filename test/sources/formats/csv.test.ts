import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRows } from '../../../src/sources/formats/csv.js';
import { FormatError } from '../../../src/sources/formats/errors.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('parseCsv', () => {
  it('reads a statistics-office file with title lines, quoted commas, escaped quotes and an embedded newline', () => {
    const rows = parseCsv(fixture('policy-rates.csv'), { skipLines: 2 });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      REF_AREA: 'CH',
      'Reference area': 'Switzerland',
      TIME_PERIOD: '2026-11-20',
      OBS_VALUE: '0.5',
      OBS_CONF: 'F',
      COMMENT: '',
    });
    expect(rows[1].COMMENT).toBe('Target range midpoint, "mid"');
    expect(rows[2].COMMENT).toBe('Bank Rate\n(announced at noon)');
  });

  it('handles a BOM, CRLF, another delimiter and comment lines', () => {
    expect(parseCsv(fixture('semicolon-bom.csv'), { delimiter: ';', comment: '#' })).toEqual([
      { id: '1', name: 'semi;colon' },
      { id: '2', name: 'plain' },
    ]);
  });

  it.each([
    ['no trimming by default', 'a,b\n x , y \n', {}, [{ a: ' x ', b: ' y ' }]],
    ['trim on request', 'a,b\n x , y \n', { trim: true }, [{ a: 'x', b: 'y' }]],
    ['header names are trimmed', ' a , b \n1,2\n', {}, [{ a: '1', b: '2' }]],
    ['empty cells are kept', 'a,b,c\n1,,\n', {}, [{ a: '1', b: '', c: '' }]],
    ['blank lines are skipped', 'a\n\n1\n\n2\n', {}, [{ a: '1' }, { a: '2' }]],
    ['a header without rows is no rows', 'a,b\n', {}, []],
    [
      'short rows read as empty cells when relaxed',
      'a,b,c\n1\n',
      { relaxColumnCount: true },
      [{ a: '1', b: '', c: '' }],
    ],
    ['mixed line ends', 'a\r\n1\n2\r3\n', {}, [{ a: '1' }, { a: '2' }, { a: '3' }]],
  ])('%s', (_name, input, opts, expected) => {
    expect(parseCsv(input, opts)).toEqual(expected);
  });

  it.each([
    ['an empty document', '', /CSV: empty document/],
    ['a repeated column', 'a,b,a\n1,2,3\n', /CSV: column "a" appears twice/],
    ['an unterminated quote', 'a,b\n"1,2\n', /CSV: .*[Qq]uote/],
    ['a ragged row', 'a,b\n1,2,3\n', /CSV: .*(column|field|record)/i],
    ['an HTML error page', '<!DOCTYPE html><html><body>503</body></html>', /CSV: expected CSV, got an HTML page/],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => parseCsv(input)).toThrow(FormatError);
    expect(() => parseCsv(input)).toThrow(message);
  });

  it('takes Buffer and string alike', () => {
    expect(parseCsv(Buffer.from('a\nü\n'))).toEqual(parseCsv('a\nü\n'));
  });
});

describe('parseCsvRows', () => {
  it('keeps every row, the header included', () => {
    expect(parseCsvRows('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads an empty document as no rows', () => {
    expect(parseCsvRows('')).toEqual([]);
  });

  /** RFC 4180 writing: quote every cell, double the quotes inside. */
  const write = (rows: string[][], eol: string) =>
    rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join(eol) + eol;

  it('round-trips any table of quoted cells (commas, quotes, newlines, unicode)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', ',', '"', '\n', '\r\n', ';', 'é', '😀') });
    const table = fc
      .integer({ min: 1, max: 5 })
      .chain((width) =>
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 8 }),
      );
    fc.assert(
      fc.property(table, fc.constantFrom('\n', '\r\n'), (rows, eol) => {
        // A row of one empty cell is written as "" and is not a blank line, so it survives.
        expect(parseCsvRows(write(rows, eol))).toEqual(rows);
      }),
      { seed: 12, numRuns: 100 },
    );
  });
});
