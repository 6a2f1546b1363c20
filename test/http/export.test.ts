import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { acceptedFormat, csvChunks, exportCell, ndjsonChunks, rowsFieldOf } from '../../src/http/export.js';
import { appRouter } from '../../src/root/app-router.js';
import { collectOperations } from '../../src/http/operations.js';
import { procedureEntry } from '../../src/http/procedure-table.js';
import { z } from 'zod';

/** Exports: every list operation answers CSV and NDJSON (Accept or ?format=), streamed, after jmespath. */

const QUAKES = '/api/seismology/v1/list-earthquakes';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
});
afterAll(() => app.close());

/** A CSV record split into cells (quoted cells may hold commas and doubled quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m && m.index < line.length; m = re.exec(line)) {
    out.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (m[2] === '') break;
  }
  return out;
}

describe('exports of a list operation', () => {
  it('Accept: text/csv answers CSV: a header of the row fields, one record per row of the JSON answer', async () => {
    const json = await app.get(QUAKES);
    const rows = json.body.earthquakes as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(2);
    const res = await app.get(QUAKES, { accept: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('vary')).toMatch(/Accept/);
    // Streamed: no length known up front.
    expect(res.headers.get('content-length')).toBeNull();
    const lines = res.text.split('\r\n').filter(Boolean);
    const header = cells(lines[0]);
    expect(header).toEqual(expect.arrayContaining(Object.keys(rows[0])));
    expect(lines.length).toBe(rows.length + 1);
    const first = cells(lines[1]);
    expect(first[header.indexOf('id')]).toBe(rows[0].id);
    expect(Number(first[header.indexOf('magnitude')])).toBe(rows[0].magnitude);
  });

  it('?format=ndjson answers one JSON row per line, equal to the JSON answer rows', async () => {
    const json = await app.get(QUAKES);
    const res = await app.get(`${QUAKES}?format=ndjson`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.text.split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l))).toEqual(json.body.earthquakes);
  });

  it('?format= wins over Accept; format=json and Accept: application/json are the JSON answer', async () => {
    expect((await app.get(`${QUAKES}?format=json`, { accept: 'text/csv' })).headers.get('content-type')).toMatch(
      /^application\/json/,
    );
    expect((await app.get(`${QUAKES}?format=csv`, { accept: 'application/json' })).headers.get('content-type')).toMatch(
      /^text\/csv/,
    );
  });

  it('applies jmespath first: the projection is what is exported', async () => {
    const expression = 'earthquakes[?magnitude > `5`].{id: id, mag: magnitude}';
    const projected = await app.get(`${QUAKES}?jmespath=${encodeURIComponent(expression)}`);
    const res = await app.get(`${QUAKES}?format=csv&jmespath=${encodeURIComponent(expression)}`);
    expect(res.status).toBe(200);
    const lines = res.text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,mag');
    expect(lines.slice(1)).toEqual(projected.body.map((r: { id: string; mag: number }) => `${r.id},${r.mag}`));
  });

  it('refuses a format it does not know, in the error family', async () => {
    const res = await app.get(`${QUAKES}?format=xml`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      violations: [{ field: 'format', description: 'value must be one of: json, csv, ndjson' }],
    });
  });

  it('refuses an export of an operation that is not a list, and inside a batch', async () => {
    const single = await app.get('/api/displacement/v1/get-displacement-summary?format=csv');
    expect(single.status).toBe(400);
    expect(single.body.violations[0]).toMatchObject({
      field: 'format',
      description: expect.stringMatching(/not a list/),
    });
    // Accept is a preference: an operation that is not a list answers JSON to it.
    const preferred = await app.get('/api/displacement/v1/get-displacement-summary', { accept: 'text/csv' });
    expect(preferred.headers.get('content-type')).toMatch(/^application\/json/);
    const batch = await app.request('/api/batch/v1/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operations: [{ path: `${QUAKES}?format=csv` }] }),
    });
    expect(batch.body.results[0]).toMatchObject({ status: 400, body: { violations: [{ field: 'format' }] } });
  });

  it('has its own validator per format: If-None-Match with it gets a 304', async () => {
    const csv = await app.get(`${QUAKES}?format=csv`);
    const json = await app.get(QUAKES);
    const etag = csv.headers.get('etag')!;
    expect(etag).toMatch(/-csv"$/);
    expect(etag).not.toBe(json.headers.get('etag'));
    const again = await app.get(`${QUAKES}?format=csv`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('asks for the credential before anything else', async () => {
    expect((await app.get(`${QUAKES}?format=xml`, { 'x-service-key': '' })).status).toBe(401);
  });
});

describe('which operations are list operations', () => {
  it('an answer with exactly one top-level array of objects is a list; its rows field is that array', () => {
    const item = z.object({ id: z.string() });
    expect(rowsFieldOf(z.object({ items: z.array(item), total: z.number() }))).toBe('items');
    expect(rowsFieldOf(z.object({ items: z.array(item).optional() }))).toBe('items');
    expect(rowsFieldOf(z.object({ a: z.array(item), b: z.array(item) }))).toBeUndefined();
    expect(rowsFieldOf(z.object({ tags: z.array(z.string()) }))).toBeUndefined();
    expect(rowsFieldOf(z.object({ summary: item }))).toBeUndefined();
  });

  it('list-earthquakes is one, get-displacement-summary is not', () => {
    const ops = [...collectOperations(appRouter).values()];
    const fieldOf = (path: string) =>
      rowsFieldOf(procedureEntry(appRouter, ops.find((o) => o.path === path)!.procedure)!.output);
    expect(fieldOf(QUAKES)).toBe('earthquakes');
    expect(fieldOf('/api/displacement/v1/get-displacement-summary')).toBeUndefined();
  });
});

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['plain, with comma', '"plain, with comma"'],
    [-122.5, '-122.5'],
    [true, 'true'],
    [null, ''],
    [{ a: 1 }, '"{""a"":1}"'],
  ])('%j -> %s', (value, cell) => {
    expect(exportCell(value)).toBe(cell);
  });

  it('writes in chunks, header first; rows that are plain values are one value column', () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({ n: i }));
    const chunks = [...csvChunks(rows)];
    expect(chunks.length).toBe(4); // header + 256 + 256 + 88
    expect(chunks[0]).toBe('n\r\n');
    expect([...csvChunks([1, 'a'])].join('')).toBe('value\r\n1\r\na\r\n');
    expect([...ndjsonChunks([{ a: '\u009b' }])].join('')).toBe('{"a":"\\u009b"}\n');
  });
});

describe('Accept negotiation', () => {
  it.each([
    ['text/csv', 'csv'],
    ['application/x-ndjson', 'ndjson'],
    ['application/json, text/csv;q=0.5', undefined],
    ['text/csv;q=0.9, application/json;q=0.5', 'csv'],
    ['text/csv;q=0', undefined],
    ['*/*', undefined],
    ['text/html', undefined],
    [undefined, undefined],
  ])('%s -> %s', (accept, format) => {
    expect(acceptedFormat(accept)).toBe(format);
  });
});
