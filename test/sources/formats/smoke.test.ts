import { describe, expect, it } from 'vitest';
import { parseArcgisFeatures } from '../../../src/sources/formats/arcgis.js';
import { parseCsv, parseCsvRows } from '../../../src/sources/formats/csv.js';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { parseFeed } from '../../../src/sources/formats/feeds.js';
import { parseCalendar } from '../../../src/sources/formats/ical.js';
import { parseJsonStat } from '../../../src/sources/formats/jsonstat.js';
import { parseSdmxCsv, parseSdmxJson } from '../../../src/sources/formats/sdmx.js';
import { orbitOf, parseTle } from '../../../src/sources/formats/tle.js';
import { readXlsx, writeXlsx } from '../../../src/sources/formats/xlsx.js';
import { readZippedTsv, unzipEntries } from '../../../src/sources/formats/zip.js';
import { zipSync } from 'fflate';

describe('shared format parsers, one case each', () => {
  it('csv', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n')).toEqual([{ a: 'x, y', b: 'say "hi"' }]);
    expect(parseCsvRows('1\t2\n', { delimiter: '\t' })).toEqual([['1', '2']]);
  });
  it('feeds', () => {
    const f = parseFeed('<rss version="2.0"><channel><title>T</title><link>https://e.org</link><item><title>A</title><link>https://e.org/a</link><guid>g1</guid><pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate></item></channel></rss>');
    expect(f.title).toBe('T');
    expect(f.items[0]).toMatchObject({ id: 'g1', title: 'A', link: 'https://e.org/a', publishedAt: Date.UTC(2026, 10, 23, 10) });
  });
  it('ical', () => {
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:1', 'SUMMARY:Daily', 'DTSTART:20261101T090000Z', 'DTEND:20261101T100000Z', 'RRULE:FREQ=DAILY;COUNT=5', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const ev = parseCalendar(ics, { from: Date.UTC(2026, 10, 2), to: Date.UTC(2026, 10, 4) });
    expect(ev.map((e) => e.start)).toEqual([Date.UTC(2026, 10, 2, 9), Date.UTC(2026, 10, 3, 9)]);
  });
  it('zip', () => {
    const z = Buffer.from(zipSync({ 'a.CSV': Buffer.from('1\t2\n3\t4\n') }));
    expect([...unzipEntries(z).keys()]).toEqual(['a.CSV']);
    expect(readZippedTsv(z)).toEqual([['1', '2'], ['3', '4']]);
  });
  it('sdmx', () => {
    const msg = {
      dataSets: [{ series: { '0': { observations: { '0': [1.5], '1': [null] } } } }],
      structure: { dimensions: { series: [{ id: 'REF_AREA', values: [{ id: 'CH', name: 'Switzerland' }] }], observation: [{ id: 'TIME_PERIOD', values: [{ id: '2020' }, { id: '2021' }] }] } },
    };
    expect(parseSdmxJson(JSON.stringify(msg))).toEqual([
      { key: { REF_AREA: 'CH' }, labels: { REF_AREA: 'Switzerland' }, attributes: {}, observations: [{ period: '2020', value: 1.5 }, { period: '2021', value: null }] },
    ]);
    expect(parseSdmxCsv('REF_AREA,TIME_PERIOD,OBS_VALUE\nCH,2020,1.5\n')).toEqual([{ REF_AREA: 'CH', TIME_PERIOD: '2020', OBS_VALUE: '1.5' }]);
  });
  it('jsonstat', () => {
    const ds = { version: '2.0', class: 'dataset', label: 'L', id: ['geo', 'time'], size: [1, 2], dimension: { geo: { category: { index: ['AT'], label: { AT: 'Austria' } } }, time: { category: { index: { '2020': 0, '2021': 1 } } } }, value: { '1': 7 } };
    const out = parseJsonStat(JSON.stringify(ds));
    expect(out.rows).toEqual([{ geo: 'AT', time: '2020', value: null }, { geo: 'AT', time: '2021', value: 7 }]);
    expect(out.labels.geo.AT).toBe('Austria');
  });
  it('xlsx', () => {
    const sheets = [{ name: 'S1', rows: [['a', 'b'], [1, 2.5]] }];
    expect(readXlsx(writeXlsx(sheets))).toEqual(sheets);
  });
  it('arcgis', () => {
    expect(parseArcgisFeatures('{"features":[{"attributes":{"a":1},"geometry":{"x":1,"y":2}}]}')).toEqual([{ attributes: { a: 1 }, geometry: { x: 1, y: 2 } }]);
    expect(() => parseArcgisFeatures('{"error":{"code":400,"message":"Invalid query"}}')).toThrow(FormatError);
  });
  it('tle', () => {
    const iss = ['ISS (ZARYA)', '1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927', '2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537'].join('\n');
    const [t] = parseTle(iss);
    expect(t).toMatchObject({ name: 'ISS (ZARYA)', noradId: 25544, inclinationDeg: 51.6416, eccentricity: 0.0006703 });
    expect(orbitOf(t).altitudeKm).toBeGreaterThan(300);
  });
});
