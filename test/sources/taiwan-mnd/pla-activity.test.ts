import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseMndPlaActivity } from '../../../src/sources/taiwan-mnd/pla-activity.js';

const li = (date: string, summary: string) =>
  `<li class="pla-report"><a href="/en/news/plaact/1">x</a><time datetime="${date}">${date}</time><p class="summary">${summary}</p></li>`;

describe('Taiwan MND PLA activity list parser', () => {
  it('reads the bundled page, newest first', () => {
    const reports = parseMndPlaActivity(readFileSync(path.join(SAMPLES_DIR, 'military/mnd-pla-activity-list.html')));
    expect(reports.length).toBe(8);
    expect(reports[0]).toMatchObject({
      date: '2026-11-20',
      url: 'https://www.mnd.gov.tw/en/news/plaact/85301',
      aircraftSorties: 23,
      medianLineCrossings: 16,
      navalVessels: 7,
      officialShips: 1,
    });
    expect(reports.find((r) => r.date === '2026-11-15')).toMatchObject({
      aircraftSorties: 4,
      medianLineCrossings: 0,
      navalVessels: 6,
      officialShips: 0,
    });
  });

  it('reads singular forms and skips entries without counts', () => {
    const html =
      li('2026-11-02', '1 sortie of PLA aircraft and 1 PLAN vessel were detected.') +
      li('2026-11-01', 'Ministry statement on exercises.');
    expect(parseMndPlaActivity(html)).toEqual([
      expect.objectContaining({ date: '2026-11-02', aircraftSorties: 1, navalVessels: 1 }),
    ]);
  });

  it('refuses a page without report entries', () => {
    expect(() => parseMndPlaActivity('<html><body>Service unavailable</body></html>')).toThrow(/no report entries/);
  });
});
