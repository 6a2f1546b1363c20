import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { ciiScoresDataset, parseCiiScores } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import { sanctionsCountsByCode } from '../../../../src/services/intelligence/country/rules.js';
import { sdnDataset } from '../../../../src/services/sanctions/datasets/sdn.js';
import {
  parseTravelAdvisories,
  travelAdvisoriesDataset,
} from '../../../../src/services/intelligence/country/datasets/travel-advisories.js';

const read = (sample: string) => fs.readFileSync(path.join(SAMPLES_DIR, sample));

describe('CII export parser', () => {
  it('reads one score per country', () => {
    const { scores, info } = parseCiiScores(read(ciiScoresDataset.sources.scores.sample));
    expect(scores).toHaveLength(35);
    const ua = scores.find((s) => s.region === 'UA')!;
    expect(ua).toMatchObject({
      staticBaseline: 70,
      dynamicScore: 18.4,
      combinedScore: 88.4,
      trend: 'TREND_DIRECTION_RISING',
      advisoryProvenance: 'live',
    });
    expect(info.computedAt).toBe(Math.max(...scores.map((s) => s.computedAt)));
    expect(info.computedAt).toBeLessThanOrEqual(Date.UTC(2026, 10, 20, 11, 40));
  });

  it('drops out-of-range scores and bad regions, keeps the newest of a repeated region', () => {
    const base = {
      staticBaseline: 10,
      dynamicScore: 1,
      combinedScore: 11,
      trend: 'TREND_DIRECTION_STABLE',
      components: { newsActivity: 1, ciiContribution: 1, geoConvergence: 1, militaryActivity: 1 },
      computedAt: 5,
    };
    const doc = {
      ciiScores: [
        { ...base, region: 'fr' },
        { ...base, region: 'FR', computedAt: 9, combinedScore: 12 },
        { ...base, region: 'DE', combinedScore: 140 },
        { ...base, region: 'DEU' },
        { ...base, region: 'IT', trend: 'SIDEWAYS', advisoryProvenance: 'rumour' },
      ],
    };
    const { scores } = parseCiiScores(Buffer.from(JSON.stringify(doc)));
    expect(scores.map((s) => [s.region, s.combinedScore, s.computedAt])).toEqual([
      ['FR', 12, 9],
      ['IT', 11, 5],
    ]);
    expect(scores[1]).toMatchObject({
      trend: 'TREND_DIRECTION_UNSPECIFIED',
      advisoryProvenance: 'absent',
      methodologyVersion: '',
      eventMultiplier: 1,
    });
  });

  it.each([
    ['not JSON', 'upstream timeout', /not JSON/],
    ['no score list', '{"strategicRisks":[]}', /no ciiScores/],
  ])('refuses %s', (_n, text, message) => expect(() => parseCiiScores(Buffer.from(text))).toThrow(message));
});

describe('travel advisories RSS parser', () => {
  it('reads each country advisory with its level and date, skipping the worldwide caution', () => {
    const { advisories, info } = parseTravelAdvisories(read(travelAdvisoriesDataset.sources.rss.sample));
    expect(advisories).toHaveLength(37);
    expect(info.builtAt).toBe(Date.UTC(2026, 10, 20, 9, 15, 2));
    expect(advisories.find((a) => a.name === 'Ukraine')).toMatchObject({ level: 4 });
    expect(advisories.find((a) => a.name === 'Israel, the West Bank and Gaza')).toMatchObject({ level: 3 });
    expect(advisories.every((a) => a.publishedAt > Date.UTC(2026, 0, 1))).toBe(true);
  });

  it('falls back to the Threat-Level category when the title carries no level', () => {
    const xml = `<rss><channel><item><title>Chad - Travel Advisory</title><category domain="Threat-Level">Level 4: Do Not Travel</category>
      <pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate></item></channel></rss>`;
    expect(parseTravelAdvisories(Buffer.from(xml)).advisories).toEqual([
      { name: 'Chad', level: 4, publishedAt: Date.UTC(2026, 10, 20, 8), title: 'Chad - Travel Advisory', link: '' },
    ]);
  });

  it.each([
    ['JSON', '{"items":[]}', /not an XML document/],
    ['an Atom feed', '<feed><entry/></feed>', /no <rss><channel>/],
  ])('refuses %s', (_n, text, message) => expect(() => parseTravelAdvisories(Buffer.from(text))).toThrow(message));
});

describe('SDN entries per country (from the sanctions service’s SDN dataset)', () => {
  it('counts entries per address country, once per entry and country', () => {
    const by = Object.fromEntries(
      sanctionsCountsByCode(sdnDataset.parse({ sdn: read(sdnDataset.sources.sdn.sample) }, 0).records),
    );
    expect(by.RU).toBe(22);
    // Four Russian entries also have a Dubai address.
    expect(by.AE).toBe(4 + 4);
    // Three Iranian entries also have an Istanbul address.
    expect(by.TR).toBe(2 + 3);
    expect(by.CN).toBe(5);
    expect(by.KP).toBe(5);
  });

  it('counts an entry once even with two addresses in one country, and ignores unknown names', () => {
    expect(
      sanctionsCountsByCode([{ addressCountries: ['Russia', 'Russia', 'Atlantis'] }, { addressCountries: [] }]),
    ).toEqual(new Map([['RU', 1]]));
  });
});
