import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseFeed } from '../../../src/sources/formats/feeds.js';
import { plainText } from '../../../src/sources/feeds/text.js';
import { parseWhoDon } from '../../../src/sources/who/don.js';
import { parseTrackerAlerts } from '../../../src/sources/thinkglobalhealth/tracker.js';
import { DISEASE_OUTBREAKS, diseaseOutbreaksDataset } from '../../../src/services/health/datasets/disease-outbreaks.js';
import { alertLevelOf, casesOf, countryOf, diseaseOf } from '../../../src/services/health/rules.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';

const PATH = '/api/health/v1/list-disease-outbreaks';
const WHO = fs.readFileSync(path.join(SAMPLES_DIR, 'health/who-don.json'));
const ONT = fs.readFileSync(path.join(SAMPLES_DIR, 'health/outbreak-news-today.rss'));
const CDC = fs.readFileSync(path.join(SAMPLES_DIR, 'health/cdc-media.rss'));
const TGH = fs.readFileSync(path.join(SAMPLES_DIR, 'health/tgh-disease-tracker-bundle.js'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [diseaseOutbreaksDataset] });
});
afterAll(() => app.close());

describe('outbreak rules', () => {
  it.each([
    ['Cholera - Sudan', 'Cholera'],
    ['Bird flu found in poultry', 'Avian influenza'],
    ['monkeypox clade Ib', 'Mpox'],
    ['New vaccine funding announced', undefined],
  ])('%s names %s', (text, disease) => expect(diseaseOf(text)).toBe(disease));

  it.each([
    ['An outbreak of Marburg', 'alert'],
    ['public health emergency', 'alert'],
    ['a warning was issued', 'warning'],
    ['cases increasing weekly', 'warning'],
    ['two cases reported', 'watch'],
    ['outbreaks everywhere', 'watch'],
  ])('%s -> %s', (text, level) => expect(alertLevelOf(text)).toBe(level));

  it('finds the country from a WHO title or the text', () => {
    expect(countryOf('Mpox - Democratic Republic of the Congo', '')?.alpha2).toBe('CD');
    expect(countryOf('Polio: Pakistan confirms two new cases', '')?.alpha2).toBe('PK');
    expect(countryOf('Plague cluster', 'reported by Madagascar officials')?.alpha2).toBe('MG');
    expect(countryOf('Something somewhere', 'nothing')).toBeUndefined();
  });

  it.each([
    ['As of 16 November, 9 confirmed cases including 6 deaths', 9],
    ['12,480 suspected cases of cholera', 12480],
    ['2 cases of human infection', 2],
    ['a laboratory-confirmed case', 0],
  ])('%s -> %d cases', (text, n) => expect(casesOf(text)).toBe(n));

  it('never reports a negative or oversized count', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = casesOf(s);
        return Number.isInteger(n) && n >= 0 && n <= 2147483647;
      }),
    );
  });

  it('strips markup and cuts at a word', () => {
    expect(plainText('<p>Hello <b>world</b></p>')).toBe('Hello world');
    expect(plainText('word '.repeat(100), 50).length).toBeLessThanOrEqual(51);
  });
});

describe('feed parsers', () => {
  it('reads WHO DON items with absolute addresses', () => {
    const items = parseWhoDon(WHO);
    expect(items).toHaveLength(7);
    expect(items[0]).toMatchObject({
      title: 'Marburg virus disease - Ethiopia',
      url: 'https://www.who.int/emergencies/disease-outbreak-news/item/2026-DON590',
    });
  });

  it('reads the RSS feed and an Atom feed', () => {
    expect(parseFeed(ONT).items).toHaveLength(6);
    const atom = parseFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>x</id><title>Cholera in Haiti</title><link href="https://e.org/x"/><updated>2026-11-19T00:00:00Z</updated><summary>s</summary></entry></feed>',
    );
    expect(atom.items[0]).toMatchObject({
      id: 'x',
      link: 'https://e.org/x',
      publishedAt: Date.parse('2026-11-19T00:00:00Z'),
    });
  });

  it('reads the tracker alerts out of the bundle, skipping those without coordinates', () => {
    const alerts = parseTrackerAlerts(TGH);
    // 8 alerts in the sample; one has no coordinates.
    expect(alerts).toHaveLength(7);
    expect(alerts[0]).toEqual({
      alertId: '8734210',
      lat: 28.6353,
      lng: -106.0889,
      disease: 'Measles',
      placeName: 'Chihuahua, Chihuahua, Mexico',
      country: 'Mexico',
      date: Date.UTC(2026, 10, 18),
      cases: 3126,
      link: 'https://www.promedmail.org/alert/8734210',
      summary: expect.stringMatching(/^Chihuahua state health authorities report 3,126/),
    });
  });

  it('finds the end of the alert table past brackets inside quoted values', () => {
    const rows = [
      { Alert_ID: '1', lat: '1', lng: '2', diseases: 'Cholera [suspected]', date: '2026-11-01', summary: 'a ] b [' },
    ];
    const bundle = `x;eval(${JSON.stringify(`var res = ${JSON.stringify(rows)};\nmodule.exports = [res];`)});`;
    expect(parseTrackerAlerts(bundle).map((a) => [a.disease, a.summary])).toEqual([['Cholera [suspected]', 'a ] b [']]);
  });

  it.each([
    [() => parseTrackerAlerts('console.log(1)'), /Think Global Health tracker: no alert table/],
    [() => parseTrackerAlerts('eval("var res = [{\\"Alert_ID\\":\\"1\\""'), /never closes/],
    [() => parseWhoDon('[]'), /no value list/],
    [() => parseFeed('{"json":true}'), /not an XML document/],
    [() => parseFeed('<html><body/></html>'), /no <feed>, <rss> or <rdf:RDF> root/],
  ])('refuses malformed input %#', (fn, message) => expect(fn).toThrow(message));
});

describe('outbreaks from both sources', () => {
  const { records } = diseaseOutbreaksDataset.parse({ who: WHO, ont: ONT }, 0);

  it('keeps disease reports only, the newest per disease and country', () => {
    expect(records).toHaveLength(11);
    expect(records.map((r) => r.disease)).not.toContain(undefined);
    const cholera = records.filter((r) => r.disease === 'Cholera');
    expect(cholera).toHaveLength(1);
    expect(cholera[0].sourceName).toBe('Outbreak News Today');
    expect(records.map((r) => r.publishedAt)).toEqual([...records.map((r) => r.publishedAt)].sort((a, b) => b - a));
  });

  it('describes a WHO report fully', () => {
    expect(records.find((r) => r.disease === 'Marburg virus disease')).toMatchObject({
      location: 'Ethiopia',
      countryCode: 'ET',
      alertLevel: 'alert',
      cases: 9,
      sourceName: 'WHO',
      publishedAt: Date.parse('2026-11-18T15:20:00Z'),
      sourceUrl: 'https://www.who.int/emergencies/disease-outbreak-news/item/2026-DON590',
    });
  });

  it('still builds from one source, and refuses when none reads', () => {
    expect(diseaseOutbreaksDataset.parse({ ont: ONT }, 0).records.length).toBeGreaterThan(0);
    expect(() => diseaseOutbreaksDataset.parse({ who: Buffer.from('x'), ont: Buffer.from('y') }, 0)).toThrow(
      /no outbreak source/,
    );
  });
});

describe('outbreaks from all four sources', () => {
  const { records } = diseaseOutbreaksDataset.parse({ who: WHO, cdc: CDC, ont: ONT, tgh: TGH }, SAMPLE_NOW);
  const tgh = records.filter((r) => r.sourceName === 'ThinkGlobalHealth');

  it('lists the tracker alerts of the last 90 days first, newest first, at their own coordinates', () => {
    // 7 located alerts; the mumps alert of 15 July is more than 90 days before 20 November.
    expect(tgh.map((r) => r.disease)).toEqual([
      'Measles',
      'Measles',
      'Diphtheria',
      'Polio',
      'Pertussis',
      'Yellow fever',
    ]);
    expect(records.slice(0, 6)).toEqual(tgh);
    expect(tgh[0]).toMatchObject({
      location: 'Chihuahua',
      countryCode: 'MX',
      lat: 28.6353,
      lng: -106.0889,
      cases: 3126,
      publishedAt: Date.UTC(2026, 10, 18),
      sourceUrl: 'https://www.promedmail.org/alert/8734210',
    });
    // An alert is an event of its own: the Outbreak News Today report on the same outbreak stays.
    expect(records.filter((r) => r.disease === 'Measles' && r.countryCode === 'MX')).toHaveLength(2);
  });

  it('reads CDC reports, about the United States unless they name a country, and drops those naming no disease', () => {
    const cdc = records.filter((r) => r.sourceName === 'CDC');
    expect(cdc.map((r) => [r.disease, r.countryCode])).toEqual([
      ['Avian influenza', 'US'],
      ['Measles', 'US'],
    ]);
    expect(cdc[1]).toMatchObject({ alertLevel: 'warning', cases: 1412 });
  });

  it('then the reports, one per disease and country, newest first', () => {
    // 11 from WHO and Outbreak News Today, 2 from CDC.
    const reports = records.slice(tgh.length);
    expect(reports).toHaveLength(13);
    expect(reports.map((r) => r.publishedAt)).toEqual([...reports.map((r) => r.publishedAt)].sort((a, b) => b - a));
  });

  it('builds from the tracker alone', () => {
    expect(diseaseOutbreaksDataset.parse({ tgh: TGH }, SAMPLE_NOW).records).toHaveLength(6);
  });
});

describe('GET list-disease-outbreaks', () => {
  it('answers the empty request with the outbreaks', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    // 6 tracker alerts, then 13 reports.
    expect(res.body.outbreaks).toHaveLength(19);
    expect(res.body.alertLevelMethodologyVersion).toBe('v1');
    expect(res.body.fetchedAt).toBeGreaterThan(0);
  });

  it('serves an empty list no-store without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ outbreaks: [], fetchedAt: 0, alertLevelMethodologyVersion: 'v1' });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const r = await empty.deps.runner.run(diseaseOutbreaksDataset, {
        origin: { kind: 'bytes', payloads: { who: Buffer.from('{}'), ont: Buffer.from('') } },
      });
      expect(r.ok).toBe(false);
      expect(empty.deps.store.meta(DISEASE_OUTBREAKS)?.lastError).toMatch(/no outbreak source/);
    });
  });
});
