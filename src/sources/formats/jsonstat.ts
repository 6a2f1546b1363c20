import { FormatError, isObject, parseJsonText } from './errors.js';

/** One cell of the cube: a category code per dimension id, and the value (null when absent). */
export interface JsonStatRow {
  [dimensionId: string]: string | number | null;
  value: number | null;
}

export interface JsonStatDataset {
  label: string;
  /** Dimension ids in cube order. */
  dimensions: string[];
  /** Every cell in row-major order (the last dimension varies fastest). */
  rows: JsonStatRow[];
  /** Dimension id -> category code -> label (the code when the dataset gives no label). */
  labels: Record<string, Record<string, string>>;
}

const F = 'JSON-stat';
/** A cube past this many cells is refused rather than materialised row by row. */
const MAX_CELLS = 5_000_000;

/** Category codes of one dimension in index order. */
function codesOf(id: string, dim: unknown): string[] {
  if (!isObject(dim) || !isObject(dim.category)) throw new FormatError(F, `dimension ${id} has no category`);
  const { index, label } = dim.category;
  if (Array.isArray(index)) return index.map(String);
  if (isObject(index)) {
    const codes: string[] = [];
    for (const [code, pos] of Object.entries(index)) {
      if (typeof pos !== 'number' || !Number.isInteger(pos) || pos < 0)
        throw new FormatError(F, `dimension ${id} category ${code} has index ${String(pos)}`);
      if (codes[pos] !== undefined) throw new FormatError(F, `dimension ${id} has two categories at index ${pos}`);
      codes[pos] = code;
    }
    if (codes.some((c) => c === undefined) || codes.length !== Object.keys(index).length)
      throw new FormatError(F, `dimension ${id} category index has gaps`);
    return codes;
  }
  // A single-category dimension may omit the index.
  if (isObject(label) && Object.keys(label).length === 1) return Object.keys(label);
  throw new FormatError(F, `dimension ${id} has no category index`);
}

function numberOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return null;
}

/**
 * A JSON-stat 2.0 dataset (`class: "dataset"`, `id`, `size`, `dimension`, `value` dense or
 * sparse) -> one row per cell with the category code of each dimension.
 */
export function parseJsonStat(input: Buffer | string): JsonStatDataset {
  const doc = parseJsonText(F, input);
  if (!isObject(doc)) throw new FormatError(F, 'document is not an object');
  if (isObject(doc.error) || doc.class === 'error')
    throw new FormatError(F, `upstream reported an error: ${JSON.stringify(doc.error ?? doc.label ?? doc)}`);
  if (doc.class !== undefined && doc.class !== 'dataset')
    throw new FormatError(F, `expected class "dataset", got "${String(doc.class)}"`);
  const { id, size, dimension, value } = doc;
  if (!Array.isArray(id) || !id.every((d) => typeof d === 'string'))
    throw new FormatError(F, 'no "id" list of dimension ids (JSON-stat 2.0 dataset expected)');
  if (!Array.isArray(size) || size.length !== id.length || !size.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new FormatError(F, `"size" must list one non-negative integer per dimension (${id.length})`);
  }
  if (!isObject(dimension)) throw new FormatError(F, 'no "dimension" object');
  const dims = id as string[];
  if (dims.includes('value')) throw new FormatError(F, 'a dimension named "value" clashes with the value column');
  const codes = dims.map((d) => codesOf(d, dimension[d]));
  codes.forEach((c, i) => {
    if (c.length !== size[i])
      throw new FormatError(F, `dimension ${dims[i]} has ${c.length} categories but size says ${size[i]}`);
  });
  const labels: Record<string, Record<string, string>> = {};
  dims.forEach((d, i) => {
    const lab = (dimension[d] as { category: { label?: unknown } }).category.label;
    labels[d] = Object.fromEntries(
      codes[i].map((c) => [c, isObject(lab) && typeof lab[c] === 'string' ? (lab[c] as string) : c]),
    );
  });
  const total = (size as number[]).reduce((a, b) => a * b, 1);
  if (total > MAX_CELLS) throw new FormatError(F, `cube of ${total} cells is larger than ${MAX_CELLS}`);
  let at: (i: number) => unknown;
  if (Array.isArray(value)) {
    if (value.length !== total) throw new FormatError(F, `"value" has ${value.length} entries for ${total} cells`);
    at = (i) => value[i];
  } else if (isObject(value)) {
    for (const k of Object.keys(value)) {
      const n = Number(k);
      if (!Number.isInteger(n) || n < 0 || n >= total)
        throw new FormatError(F, `"value" key ${k} is outside 0..${total - 1}`);
    }
    at = (i) => value[String(i)];
  } else {
    throw new FormatError(F, '"value" is neither a list nor an object');
  }
  const rows: JsonStatRow[] = [];
  const pos = dims.map(() => 0);
  for (let i = 0; i < total; i++) {
    const row = { value: numberOf(at(i)) } as JsonStatRow;
    dims.forEach((d, j) => (row[d] = codes[j][pos[j]]));
    rows.push(row);
    for (let j = dims.length - 1; j >= 0; j--) {
      if (++pos[j] < size[j]) break;
      pos[j] = 0;
    }
  }
  return { label: typeof doc.label === 'string' ? doc.label : '', dimensions: dims, rows, labels };
}
