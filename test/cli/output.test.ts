import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, jsonText, tableRow, text } from '../../src/cli/output.js';

/** Everything a terminal acts on: C0, DEL, C1, bidi embeddings/overrides/isolates, line/paragraph separators. */
// eslint-disable-next-line no-control-regex -- the characters under test
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- the characters under test
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Strings rich in what matters here: controls, escape sequences, formula signs, quotes, commas. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom(
      '\x1b',
      '[',
      ']',
      '31m',
      '\x07',
      '\x9b',
      '\x7f',
      '\r',
      '\n',
      '\t',
      '\u202e',
      '\u2066',
      '\u2028',
      '=',
      '+',
      '-',
      '@',
      '\uff1d',
      ' ',
      '"',
      ',',
      "'",
      'a',
      'HYPERLINK("http://x")',
    ),
    maxLength: 20,
  }),
);

describe('text (tables, lists, messages)', () => {
  it.each([
    ['plain', 'Ana Silva', 'Ana Silva'],
    ['an SGR colour', '\x1b[31mred\x1b[0m', '\\x1b[31mred\\x1b[0m'],
    [
      'an OSC 8 hyperlink',
      '\x1b]8;;https://evil.example\x07click\x1b]8;;\x07',
      '\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07',
    ],
    ['a terminal title', '\x1b]0;pwned\x07', '\\x1b]0;pwned\\x07'],
    ['a C1 CSI clearing the screen', '\x9b2J', '\\x9b2J'],
    ['DEL and NUL', 'a\x7fb\x00c', 'a\\x7fb\\x00c'],
    ['a carriage return that would overwrite the line', 'ok\rFAILED', 'ok\\x0dFAILED'],
    ['a newline that would forge a row', 'a\nwh_fake\tactive', 'a\\x0awh_fake\\x09active'],
    ['a right-to-left override', 'invoice\u202egpj.exe', 'invoice\\u202egpj.exe'],
    ['a line separator', 'a\u2028b', 'a\\u2028b'],
    ['null', null, ''],
    ['a number', 42, '42'],
  ])('%s', (_what, input, shown) => {
    expect(text(input)).toBe(shown);
  });

  it('never lets a control character through, and keeps everything else', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = text(s);
        expect(out).not.toMatch(CONTROL);
        // Printable text is untouched.
        expect(out.replace(/\\x[0-9a-f]{2}|\\u[0-9a-f]{4}/g, '')).toBe(
          s.replace(new RegExp(CONTROL.source, 'g'), '').replace(/\\x[0-9a-f]{2}|\\u[0-9a-f]{4}/g, ''),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('tableRow keeps one line per row and one tab between fields', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 6 }), (fields) => {
        const row = tableRow(fields);
        expect(row.endsWith('\n')).toBe(true);
        expect(row.slice(0, -1)).not.toMatch(/[\n\r]/);
        expect(row.slice(0, -1).split('\t')).toHaveLength(fields.length);
        expect(row.slice(0, -1).replace(/\t/g, '')).not.toMatch(CONTROL);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'Ana Silva', 'Ana Silva'],
    [
      'a HYPERLINK formula',
      '=HYPERLINK("https://evil.example","click")',
      `"'=HYPERLINK(""https://evil.example"",""click"")"`,
    ],
    ['a sum', '=1+1', "'=1+1"],
    ['a plus', '+1 555 0100', "'+1 555 0100"],
    ['a minus', '-2+3', "'-2+3"],
    ['an at', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['a DDE payload', "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['a leading tab', '\t=1+1', "'\\x09=1+1"],
    ['a leading carriage return', '\r=1+1', `"'\n=1+1"`],
    ['leading spaces before a formula', '  =1+1', "'  =1+1"],
    ['a full-width equals sign', '\uff1d1+1', "'\uff1d1+1"],
    ['an equals sign later on', 'a=b', 'a=b'],
    ['a comma', 'Lisbon, PT', '"Lisbon, PT"'],
    ['a quote', 'say "hi"', '"say ""hi"""'],
    ['a message over two lines (CRLF)', 'line one\r\nline two', '"line one\nline two"'],
    ['an escape sequence', '\x1b[2J\x1b[Hhello', '\\x1b[2J\\x1b[Hhello'],
    ['a C1 control', 'a\x9bb', 'a\\x9bb'],
    ['empty', '', ''],
    ['null', null, ''],
  ])('%s', (_what, input, cell) => {
    expect(csvCell(input)).toBe(cell);
  });

  it('never lets a control character other than a quoted newline through', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const cell = csvCell(s);
        expect(cell).not.toMatch(CONTROL_BUT_NEWLINE);
        if (cell.includes('\n')) expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('parses back (RFC 4180) to one cell per value, none of them a formula', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 5 }), (values) => {
        const records = parse(csvRow(values), { relax_quotes: false }) as string[][];
        expect(records).toHaveLength(1);
        expect(records[0]).toHaveLength(values.length);
        records[0]!.forEach((cell, i) => {
          // What a spreadsheet sees first is never a formula sign, a tab or a CR.
          expect(cell).not.toMatch(/^\s*[=+\-@\uff1d\uff0b\uff0d\uff20\t\r]/);
          // Unneutralised cells are the value itself, controls shown and line ends as newlines.
          if (!cell.startsWith("'"))
            expect(cell).toBe(text(values[i]!.replace(/\r\n?/g, '\n')).replace(/\\x0a/g, '\n'));
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('jsonText', () => {
  it('escapes what JSON.stringify leaves raw and parses back to the same value', () => {
    fc.assert(
      fc.property(fc.dictionary(hostile, fc.oneof(hostile, fc.integer(), fc.constant(null))), (value) => {
        const out = jsonText(value);
        expect(out).not.toMatch(CONTROL);
        expect(JSON.parse(out)).toEqual(value);
        const indented = jsonText(value, 2);
        expect(indented.replace(/\n/g, '')).not.toMatch(CONTROL);
        expect(JSON.parse(indented)).toEqual(value);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes C1 and bidi controls as \\u escapes', () => {
    expect(jsonText({ a: '\x9b2J\u202e\x7f' })).toBe('{"a":"\\u009b2J\\u202e\\u007f"}');
  });
});
