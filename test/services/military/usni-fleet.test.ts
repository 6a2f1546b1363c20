import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  parseUsniFleet,
  USNI_FLEET,
  usniFleetDataset,
} from '../../../src/services/military/fleet/datasets/usni-fleet.js';
import { getUsniFleetReport } from '../../../src/services/military/fleet/queries.js';
import type { USNIFleetReport } from '../../../src/services/military/fleet/schemas.js';
import { deploymentStatusOf, regionName, vesselTypeOf } from '../../../src/services/military/fleet/rules.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/military/v1/get-usni-fleet-report';
const sample = () => fs.readFileSync(path.join(SAMPLES_DIR, usniFleetDataset.sources.posts!.sample));
const post = (html: string) =>
  Buffer.from(
    JSON.stringify([
      {
        link: 'https://x.test/a',
        date_gmt: '2026-11-17T19:12:40',
        title: { rendered: 'T' },
        content: { rendered: html },
      },
    ]),
  );

describe('fleet tracker rules', () => {
  it.each([
    ['CVN-78', 'carrier'],
    ['LHA-6', 'amphibious assault ship'],
    ['DDG-64', 'destroyer'],
    ['CG-62', 'cruiser'],
    ['SSN-774', 'attack submarine'],
    ['T-AO-187', 'auxiliary'],
    ['XYZ-1', 'other'],
  ])('hull %s is a %s', (hull, type) => expect(vesselTypeOf(hull)).toBe(type));

  it.each([
    ['USS Blue Ridge (LCC-19) is in port at Yokosuka.', 'in-port'],
    ['The strike group is deployed to the Arabian Sea', 'deployed'],
    ['USS Bulkeley (DDG-84) is underway in the Eastern Mediterranean.', 'underway'],
    ['USS Imaginary (DDG-999) is doing something.', 'unknown'],
  ])('%s -> %s', (text, status) => expect(deploymentStatusOf(text)).toBe(status));

  it('strips the leading article of a region heading', () => {
    expect(regionName('In the Philippine Sea')).toBe('Philippine Sea');
    expect(regionName('The Atlantic')).toBe('Atlantic');
  });
});

describe('fleet tracker parser', () => {
  const report = parseUsniFleet(sample(), SAMPLE_NOW);
  const by = Object.fromEntries(report.vessels.map((v) => [v.hullNumber, v]));

  it('reads the article, its battle force table and regions', () => {
    expect(report).toMatchObject({
      articleUrl: 'https://news.usni.org/2026/11/17/usni-news-fleet-and-marine-tracker-nov-17-2026',
      articleDate: '2026-11-17T19:12:40Z',
      articleTitle: 'USNI News Fleet and Marine Tracker: Nov. 17, 2026',
      battleForceSummary: { totalShips: 291, deployed: 107, underway: 67 },
      regions: [
        'Philippine Sea',
        'South China Sea',
        'Arabian Sea',
        'Red Sea',
        'Eastern Mediterranean',
        'Atlantic',
        'Sea of Atlantis',
      ],
      parsingWarnings: ['no coordinates for region "Sea of Atlantis"'],
      timestamp: SAMPLE_NOW,
    });
    expect(report.vessels).toHaveLength(17);
  });

  it('places each ship with its status, clause by clause', () => {
    expect(by['LCC-19']).toMatchObject({
      name: 'USS Blue Ridge',
      vesselType: 'command ship',
      region: 'Philippine Sea',
      regionLat: 20,
      regionLon: 130,
      deploymentStatus: 'in-port',
      strikeGroup: '',
    });
    expect(by['LHA-6']!.deploymentStatus).toBe('underway');
    expect(by['LPD-22']!.deploymentStatus).toBe('in-port');
    expect(by['DDG-999']).toMatchObject({ regionLat: 0, regionLon: 0, deploymentStatus: 'unknown' });
  });

  it('assembles strike groups; members named only by membership sail as the group does', () => {
    expect(report.strikeGroups).toContainEqual({
      name: 'Theodore Roosevelt Carrier Strike Group',
      carrier: 'USS Theodore Roosevelt (CVN-71)',
      airWing: 'Carrier Air Wing 11',
      destroyerSquadron: 'Destroyer Squadron 23',
      escorts: ['USS Lake Erie (CG-70)', 'USS Russell (DDG-59)', 'USS Daniel Inouye (DDG-118)'],
    });
    expect(report.strikeGroups.map((g) => g.name)).toEqual([
      'George Washington Carrier Strike Group',
      'America Amphibious Ready Group',
      'Theodore Roosevelt Carrier Strike Group',
    ]);
    expect(by['DDG-118']).toMatchObject({
      strikeGroup: 'Theodore Roosevelt Carrier Strike Group',
      deploymentStatus: 'deployed',
    });
  });

  it('warns about a missing table and refuses an article without ships', () => {
    expect(
      parseUsniFleet(post('<h2>In the Red Sea</h2><p>USS Carney (DDG-64) is underway.</p>'), 0).parsingWarnings,
    ).toEqual(['no battle force table']);
    expect(() => parseUsniFleet(post('<p>Nothing today.</p>'), 0)).toThrow(/names no ship/);
    expect(() => parseUsniFleet(Buffer.from('[]'), 0)).toThrow(/holds no post/);
    expect(() => parseUsniFleet(Buffer.from('{'), 0)).toThrow(/not JSON/);
  });
});

const clock = new ManualClock(SAMPLE_NOW);
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [usniFleetDataset], clock });
});
afterAll(() => app.close());

describe('GET get-usni-fleet-report', () => {
  it('answers the stored report', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cached: true, stale: false, error: '' });
    expect(res.body.report.vessels).toHaveLength(17);
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
    expect((await app.get(`${PATH}?force_refresh=true`)).body.report.articleTitle).toBe(res.body.report.articleTitle);
  });

  it('judges staleness at the capture, not the clock: nine days on, the same report answers the same', async () => {
    const before = await app.get(PATH);
    clock.advance(9 * 24 * 3600_000);
    try {
      const res = await app.get(PATH);
      expect(res.text).toBe(before.text);
      // The article (2026-11-17T19:12Z) was under three days old when the sample was captured (2026-11-20T12:00Z).
      expect(res.body).toMatchObject({ cached: true, stale: false, error: '' });
    } finally {
      clock.set(SAMPLE_NOW);
    }
  });

  it('marks a report stale, and uncached, when its article was over 8 days old when it was read', () => {
    const snap = app.deps.store.read<USNIFleetReport>(USNI_FLEET)!;
    const read = (articleDate: string) => ({
      read: () => ({ records: [{ ...snap.records[0]!, articleDate }], capturedAt: snap.capturedAt }),
    });
    // Captured 2026-11-20T12:00Z: an article of the 12th at 11:00 is 8 days and an hour old; of the 13th, under 8 days.
    expect(getUsniFleetReport({ store: read('2026-11-12T11:00:00Z') as never })).toMatchObject({
      response: { cached: true, stale: true, error: '' },
      degraded: true,
    });
    expect(getUsniFleetReport({ store: read('2026-11-13T00:00:00Z') as never })).toMatchObject({
      response: { stale: false },
      degraded: false,
    });
  });

  it('rejects a malformed flag', async () => {
    expectViolation(await app.get(`${PATH}?force_refresh=yes`), 'force_refresh');
  });

  it('says so when no report was ingested', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      const res = await bare.get(PATH);
      expect(res.body).toEqual({ cached: false, stale: false, error: 'No USNI fleet report has been ingested yet' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});
