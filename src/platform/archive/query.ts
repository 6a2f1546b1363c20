/** Most terms kept from one query, and most characters per term: bounds the work a query can ask for. */
export const MAX_TERMS = 32;
export const MAX_TERM_CHARS = 64;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** One searchable unit: a word, or a quoted phrase of several; a prefix only for a single word. */
export interface QueryTerm {
  words: string[];
  prefix: boolean;
}

/**
 * A parsed user query, engine-neutral: alternatives joined by OR, each a conjunction of terms, some
 * negated (`a b NOT c OR d` is `(a AND b AND NOT c) OR d`, FTS5's precedence: NOT, then AND, then OR).
 * Every alternative has at least one positive term.
 */
export type ParsedQuery = { terms: { term: QueryTerm; negated: boolean }[] }[];

type Token = { kind: 'term'; term: QueryTerm } | { kind: 'op'; op: 'OR' | 'NOT' };

/**
 * Reads what a user typed, or undefined when nothing searchable is left. Only words (letters, digits,
 * marks) survive, so engine syntax in the input (`"`, `*`, `:`, `^`, `+`, `-`, parentheses, `NEAR`,
 * column filters, `&`, `|`, `!`) cannot make a query invalid. Kept on purpose: "quoted phrases", a
 * trailing `*` for a prefix (two characters at least), and upper-case `OR` / `NOT` between two terms.
 * Terms are otherwise all required (implicit AND).
 */
export function parseQuery(input: string): ParsedQuery | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length && tokens.length < MAX_TERMS * 2) {
    const ch = input[i]!;
    if (ch === '"') {
      const end = input.indexOf('"', i + 1);
      const inner = input.slice(i + 1, end < 0 ? input.length : end);
      const words = (inner.match(WORD) ?? []).slice(0, MAX_TERMS).map(clip);
      if (words.length) tokens.push({ kind: 'term', term: { words, prefix: false } });
      i = end < 0 ? input.length : end + 1;
      continue;
    }
    WORD.lastIndex = i;
    const m = WORD.exec(input);
    if (!m || m.index !== i) {
      i++;
      continue;
    }
    const word = m[0];
    i += word.length;
    if (word === 'OR' || word === 'NOT') {
      tokens.push({ kind: 'op', op: word });
      continue;
    }
    if (word === 'AND') continue; // terms are required anyway
    const prefix = input[i] === '*' && word.length >= 2;
    if (prefix) i++;
    tokens.push({ kind: 'term', term: { words: [clip(word)], prefix } });
  }
  // An operator counts only between two terms; a run of operators keeps its first.
  const alternatives: ParsedQuery = [];
  let current: ParsedQuery[number] = { terms: [] };
  let terms = 0;
  let pending: 'OR' | 'NOT' | undefined;
  for (const t of tokens) {
    if (t.kind === 'op') {
      if (terms > 0 && !pending) pending = t.op;
      continue;
    }
    if (terms >= MAX_TERMS) break;
    if (pending === 'OR') {
      alternatives.push(current);
      current = { terms: [] };
    }
    current.terms.push({ term: t.term, negated: pending === 'NOT' });
    pending = undefined;
    terms++;
  }
  if (current.terms.length) alternatives.push(current);
  return alternatives.length ? alternatives : undefined;
}

/** The query as a safe FTS5 MATCH expression (every word double-quoted), or undefined when nothing is searchable. */
export function toMatchExpression(input: string): string | undefined {
  const parsed = parseQuery(input);
  if (!parsed) return undefined;
  const quoted = (t: QueryTerm) => `"${t.words.join(' ')}"${t.prefix ? '*' : ''}`;
  return parsed
    .map((alt) =>
      alt.terms
        .map(({ term, negated }, k) => (k === 0 ? quoted(term) : `${negated ? 'NOT ' : ''}${quoted(term)}`))
        .join(' '),
    )
    .join(' OR ');
}

function clip(word: string): string {
  return [...word].slice(0, MAX_TERM_CHARS).join('');
}
