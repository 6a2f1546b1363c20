import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import {
  parseSecurityAdvisories,
  securityAdvisoriesDataset,
} from '../../../../src/services/intelligence/country/datasets/security-advisories.js';
import { travelAdvisoriesDataset } from '../../../../src/services/intelligence/country/datasets/travel-advisories.js';
import { countryInTitle } from '../../../../src/services/intelligence/country/rules.js';
import {
  GOVERNMENT_ADVISORY_FEEDS,
  readGovernmentAdvisoryFeed,
} from '../../../../src/sources/advisories/government-feeds.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';

const PATH = '/api/intelligence/v1/list-security-advisories';
const read = (sample: string) => fs.readFileSync(path.join(SAMPLES_DIR, sample));
const src = securityAdvisoriesDataset.sources;
let app: TestApp;

interface Item {
  title: string;
  link: string;
  pubDate: string;
  source: string;
  sourceCountry: string;
  level: string;
  country: string;
}

beforeAll(async () => {
  app = await startTestApp({ samples: [travelAdvisoriesDataset, securityAdvisoriesDataset] });
});
afterAll(() => app.close());

describe('government advisory feeds', () => {
  it('reads Smartraveller levels from ta:level, else from the leading advice phrase', () => {
    const items = readGovernmentAdvisoryFeed(GOVERNMENT_ADVISORY_FEEDS.smartraveller, read(src.smartraveller.sample));
    expect(Object.fromEntries(items.map((i) => [i.title, i.level]))).toEqual({
      Lebanon: 'do-not-travel',
      Ethiopia: 'reconsider',
      Indonesia: 'caution',
      Japan: 'normal', // no ta:level: the phrase decides
      Haiti: 'do-not-travel',
      Thailand: 'caution', // ta:level 2 wins over the regional "reconsider"
    });
    expect(items[0].publishedAt).toBe(Date.UTC(2026, 10, 19, 5, 32));
  });

  it('places items by feed country or by the country named in the title', () => {
    const rows = parseSecurityAdvisories({
      fcdo: read(src.fcdo.sample),
      usEmbassyUkraine: read(src.usEmbassyUkraine.sample),
    });
    expect(rows.filter((r) => r.sourceCountry === 'UK').map((r) => [r.country, r.level])).toEqual([
      ['SD', 'info'],
      ['VE', 'info'],
      ['MM', 'info'],
      ['MX', 'info'],
      ['UA', 'info'],
    ]);
    expect(rows.filter((r) => r.source === 'U.S. Embassy in Ukraine').every((r) => r.country === 'UA')).toBe(true);
  });

  it('finds the longest country name in a headline', () => {
    expect(countryInTitle('South Sudan travel advice')).toBe('SS');
    expect(countryInTitle('Sudan travel advice')).toBe('SD');
    expect(countryInTitle('Weekly global outlook')).toBe('');
  });

  it('rejects a body that is not a feed', () => {
    expect(() => parseSecurityAdvisories({ fcdo: Buffer.from('<html><body>maintenance</body></html>') })).toThrow(
      FormatError,
    );
  });
});

describe('GET list-security-advisories', () => {
  it('merges every feed newest first with the strictest level per country', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const items = res.body.advisories as Item[];
    expect(new Set(items.map((i) => i.sourceCountry))).toEqual(new Set(['US', 'AU', 'UK']));
    expect(items.filter((i) => i.source === 'U.S. Department of State')).toHaveLength(37);
    const dates = items.map((i) => i.pubDate).filter(Boolean);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(items.find((i) => i.title === 'Ukraine - Level 4: Do Not Travel')).toMatchObject({
      country: 'UA',
      level: 'do-not-travel',
      sourceCountry: 'US',
      pubDate: '2026-10-06T23:00:00.000Z',
    });
    const { byCountry } = res.body as { byCountry: Record<string, string> };
    expect(byCountry.UA).toBe('do-not-travel');
    expect(byCountry.LB).toBe('do-not-travel'); // Smartraveller only
    expect(byCountry.JP).toBe('normal');
    // FCDO notices carry no level: Mexico keeps the State Department's caution.
    expect(items.some((i) => i.country === 'MX' && i.sourceCountry === 'UK')).toBe(true);
    expect(byCountry.MX).toBe('caution');
    for (const level of Object.values(byCountry))
      expect(['do-not-travel', 'reconsider', 'caution', 'normal']).toContain(level);
  });

  it('is cacheable when both snapshots are present', async () => {
    const res = await app.get(PATH);
    expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
  });

  it('serves the State Department items alone, uncached, before the other feeds load', async () => {
    await withTestApp({ samples: [travelAdvisoriesDataset] }, async (partial) => {
      const res = await partial.get(PATH);
      expect(res.status).toBe(200);
      expect((res.body.advisories as Item[]).every((i) => i.sourceCountry === 'US')).toBe(true);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ advisories: [], byCountry: {} });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
