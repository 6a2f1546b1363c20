import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { parseNbsEasyquery } from '../../../src/sources/nbs/easyquery.js';

describe('NBS easyquery parser', () => {
  it('reads the bundled monthly sample: six indicators over six months, cells without data skipped', () => {
    const rows = parseNbsEasyquery(readFileSync(path.join(SAMPLES_DIR, 'economic/nbs-easyquery-monthly.json')));
    expect(rows.length).toBe(36);
    expect(new Set(rows.map((r) => r.indicatorCode)).size).toBe(6);
    expect(rows.find((r) => r.indicatorCode === 'A0B0101' && r.period === '2026-10')).toEqual({
      indicatorCode: 'A0B0101',
      indicator: "Manufacturing Purchasing Managers' Index",
      unit: '%',
      period: '2026-10',
      value: 49.2,
    });
    expect(rows.some((r) => r.period === '2026-11')).toBe(false);
  });

  it('refuses an error answer, a body of another shape and non-JSON', () => {
    expect(() => parseNbsEasyquery('{"returncode":501,"returndata":"bad parameter"}')).toThrow(
      /returncode 501: bad parameter/,
    );
    expect(() => parseNbsEasyquery('{"returncode":200,"returndata":{"datanodes":"x"}}')).toThrow(FormatError);
    expect(() => parseNbsEasyquery('<html>')).toThrow(/NBS easyquery/);
  });
});
