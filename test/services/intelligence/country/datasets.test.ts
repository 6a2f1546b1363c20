import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { sanctionsCountsByCode } from '../../../../src/services/intelligence/country/rules.js';
import { sdnDataset } from '../../../../src/services/sanctions/datasets/sdn.js';
import {
  parseTravelAdvisories,
  travelAdvisoriesDataset,
} from '../../../../src/services/intelligence/country/datasets/travel-advisories.js';

const read = (sample: string) => fs.readFileSync(path.join(SAMPLES_DIR, sample));

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
