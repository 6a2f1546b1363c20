import { describe, expect, it } from 'vitest';
import { splitCsvLine } from '../../src/platform/csv.js';

describe('splitCsvLine', () => {
  it.each([
    ['a,b,c', ['a', 'b', 'c']],
    [' a , b ', ['a', 'b']],
    ['"x, y",z', ['x, y', 'z']],
    ['"say ""hi""",2', ['say "hi"', '2']],
    ['a,,', ['a', '', '']],
    ['', ['']],
  ])('%j -> %j', (line, cells) => {
    expect(splitCsvLine(line)).toEqual(cells);
  });
});
