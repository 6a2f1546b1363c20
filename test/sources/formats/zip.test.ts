import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { readZippedTsv, unzipEntries } from '../../../src/sources/formats/zip.js';

// A GDELT-style export: tab-separated, no header, no quoting, empty cells, CRLF on one line.
const EXPORT = [
  '1234567890\t20261123\tUSA\tUNITED STATES\t\t14\t-5.2',
  '1234567891\t20261123\tFRA\tFRANCE\t"quoted"\t19\t2.0\r',
  '',
].join('\n');
const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]))));

describe('unzipEntries', () => {
  it('lists file entries by path, directories left out', () => {
    const entries = unzipEntries(zip({ 'dir/': '', 'dir/a.txt': 'A', 'b.csv': 'B' }));
    expect([...entries.keys()]).toEqual(['dir/a.txt', 'b.csv']);
    expect(entries.get('dir/a.txt')!.toString()).toBe('A');
    expect(Buffer.isBuffer(entries.get('b.csv'))).toBe(true);
  });

  it('reads deflated entries', () => {
    const big = 'x\ty\n'.repeat(10_000);
    const z = Buffer.from(zipSync({ 'big.tsv': Buffer.from(big) }, { level: 9 }));
    expect(z.length).toBeLessThan(big.length / 10);
    expect(unzipEntries(z).get('big.tsv')!.toString()).toBe(big);
  });

  it('refuses an archive that would expand past the byte cap, before inflating it', () => {
    const z = zip({ 'a.txt': 'a'.repeat(2000) });
    expect(() => unzipEntries(z, { maxBytes: 1000 })).toThrow(/zip: archive expands past 1000 bytes \(entry a.txt\)/);
  });

  it.each([
    ['an empty body', Buffer.alloc(0), /zip: not a zip archive/],
    ['an HTML page', Buffer.from('<html>404</html>'), /zip: not a zip archive \(no PK signature/],
    ['a truncated archive', zip({ 'a.txt': 'hello world'.repeat(50) }).subarray(0, 40), /zip: unreadable archive/],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => unzipEntries(input)).toThrow(FormatError);
    expect(() => unzipEntries(input)).toThrow(message);
  });
});

describe('readZippedTsv', () => {
  it('splits the single entry on tabs, keeping empty cells and quotes as they are', () => {
    expect(readZippedTsv(zip({ '20261123.export.CSV': EXPORT }))).toEqual([
      ['1234567890', '20261123', 'USA', 'UNITED STATES', '', '14', '-5.2'],
      ['1234567891', '20261123', 'FRA', 'FRANCE', '"quoted"', '19', '2.0'],
    ]);
  });

  it('reads the named entry of an archive with several', () => {
    const z = zip({ 'README.txt': 'hello', 'data.tsv': 'a\tb\n' });
    expect(readZippedTsv(z, { entry: 'data.tsv' })).toEqual([['a', 'b']]);
  });

  it.each([
    [
      'several entries and none named',
      zip({ 'a.tsv': '1', 'b.tsv': '2' }),
      {},
      /zip: expected one file in archive, found 2 \(a.tsv, b.tsv\); name the entry/,
    ],
    ['an empty archive', zip({}), {}, /zip: expected one file in archive, found 0/],
    [
      'a missing named entry',
      zip({ 'a.tsv': '1' }),
      { entry: 'b.tsv' },
      /zip: no entry "b.tsv" in archive \(has: a.tsv\)/,
    ],
  ])('refuses %s with a FormatError', (_name, input, opts, message) => {
    expect(() => readZippedTsv(input, opts)).toThrow(FormatError);
    expect(() => readZippedTsv(input, opts)).toThrow(message);
  });
});
