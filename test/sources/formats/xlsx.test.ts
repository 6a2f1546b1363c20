import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { excelSerialToMs, readXlsx, writeXlsx, type XlsxSheet } from '../../../src/sources/formats/xlsx.js';

const NS =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A workbook as a spreadsheet program writes it: pretty-printed, rich text, inline strings, gaps, booleans, errors. */
function handWritten(parts: Partial<Record<string, string>> = {}): Buffer {
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?>
<workbook ${NS}>
  <sheets>
    <sheet name="Production &amp; reserves" sheetId="1" r:id="rId3"/>
    <sheet name="Notes" sheetId="2" r:id="rId1"/>
  </sheets>
</workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/notes.xml"/>
  <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>
  <Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="./worksheets/../worksheets/data.xml"/>
</Relationships>`,
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3" uniqueCount="3">
  <si><t>Country</t></si>
  <si><r><rPr><b/></rPr><t>Mine output </t></r><r><t>(t)</t></r></si>
  <si><t xml:space="preserve">  Chile  </t></si>
</sst>`,
    'xl/worksheets/data.xml': `<?xml version="1.0" encoding="UTF-8"?>
<worksheet ${NS}>
  <sheetData>
    <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="inlineStr"><is><t>Estimated</t></is></c></row>
    <row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3"><v>5.3E3</v></c><c r="C3" t="b"><v>1</v></c><c r="D3" t="e"><v>#N/A</v></c></row>
    <row r="4"><c r="A4" t="str"><f>A3</f><v>Chile (formula)</v></c><c r="B4" s="1"><v>46349</v></c><c r="C4" t="b"><v>0</v></c></row>
  </sheetData>
</worksheet>`,
    'xl/worksheets/notes.xml': `<worksheet ${NS}><sheetData><row><c><v>1</v></c><c><v>2</v></c></row><row><c t="inlineStr"><is><r><t>rich </t></r><r><t>inline</t></r></is></c></row></sheetData></worksheet>`,
    ...parts,
  };
  const live = Object.entries(files).filter(([, v]) => v !== undefined) as [string, string][];
  return Buffer.from(zipSync(Object.fromEntries(live.map(([k, v]) => [k, Buffer.from(v)]))));
}

describe('readXlsx', () => {
  it('reads sheets in workbook order, resolving relationship targets, shared, rich and inline strings', () => {
    const [data, notes] = readXlsx(handWritten());
    expect(data.name).toBe('Production & reserves');
    expect(data.rows).toEqual([
      ['Country', 'Mine output (t)', null, 'Estimated'],
      [],
      ['  Chile  ', 5300, 'TRUE'], // the error cell reads as null, and a row's null tail is dropped
      ['Chile (formula)', 46349, 'FALSE'],
    ]);
    expect(notes).toEqual({ name: 'Notes', rows: [[1, 2], ['rich inline']] });
  });

  it('reads a workbook without a shared-string table', () => {
    const wb = handWritten({
      'xl/sharedStrings.xml': undefined,
      'xl/worksheets/data.xml': `<worksheet ${NS}><sheetData><row r="1"><c r="A1"><v>7</v></c></row></sheetData></worksheet>`,
    });
    expect(readXlsx(wb)[0].rows).toEqual([[7]]);
  });

  it.each([
    [
      'a zip that is not a workbook',
      Buffer.from(zipSync({ 'a.txt': Buffer.from('x') })),
      /XLSX: workbook part xl\/workbook.xml is missing/,
    ],
    ['not a zip at all', Buffer.from('Country,Output\nChile,5300\n'), /XLSX: not a workbook: zip: not a zip archive/],
    [
      'a sheet part missing',
      handWritten({ 'xl/worksheets/notes.xml': undefined }),
      /XLSX: workbook part xl\/worksheets\/notes.xml is missing/,
    ],
    [
      'a shared string out of range',
      handWritten({
        'xl/worksheets/notes.xml': `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>9</v></c></row></sheetData></worksheet>`,
      }),
      /XLSX: sheet "Notes" cell A1 refers to shared string 9, table has 3/,
    ],
    [
      'a number cell holding text',
      handWritten({
        'xl/worksheets/notes.xml': `<worksheet ${NS}><sheetData><row r="1"><c r="B1"><v>n/a</v></c></row></sheetData></worksheet>`,
      }),
      /XLSX: sheet "Notes" cell B1 holds "n\/a", not a number/,
    ],
    [
      'broken sheet XML',
      handWritten({ 'xl/worksheets/notes.xml': '<worksheet><sheetData><row>' }),
      /XLSX: xl\/worksheets\/notes.xml is not readable XML/,
    ],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => readXlsx(input)).toThrow(FormatError);
    expect(() => readXlsx(input)).toThrow(message);
  });
});

describe('writeXlsx', () => {
  const cell = fc.oneof(
    fc
      .string({ unit: fc.constantFrom('a', 'Z', '1', '&', '<', '>', '"', "'", 'é', '😀'), minLength: 1 })
      .filter((s) => s.trim() === s),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }).map((n) => (Object.is(n, -0) ? 0 : n)),
    fc.constant(null),
  );
  // readXlsx trims the null tail of a row, so the written rows end in a value.
  const row = fc.array(cell, { maxLength: 6 }).map((r) => {
    while (r.length && r[r.length - 1] === null) r.pop();
    return r;
  });
  const sheet = fc.record({
    name: fc.constantFrom('Data', 'Notes & more', 'Ü'),
    rows: fc.array(row, { maxLength: 6 }),
  });

  it('writes workbooks readXlsx reads back unchanged, shared or inline strings (property)', () => {
    fc.assert(
      fc.property(
        fc.array(sheet, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (sheets: XlsxSheet[], inlineStrings) => {
          expect(readXlsx(writeXlsx(sheets, { inlineStrings }))).toEqual(sheets);
        },
      ),
      { seed: 11, numRuns: 80 },
    );
  });
});

describe('excelSerialToMs', () => {
  it.each([
    [25569, Date.UTC(1970, 0, 1)],
    [46349, Date.UTC(2026, 10, 23)],
    [46349.75, Date.UTC(2026, 10, 23, 18)],
  ])('reads serial %d', (serial, ms) => expect(excelSerialToMs(serial)).toBe(ms));
});
