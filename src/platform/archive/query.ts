/** Most terms kept from one query, and most characters per term: bounds the work a query can ask for. */
export const MAX_TERMS = 32;
export const MAX_TERM_CHARS = 64;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

type Token = { kind: 'term'; text: string } | { kind: 'op'; op: 'OR' | 'NOT' };

/**
 * Turns what a user typed into a safe FTS5 MATCH expression, or undefined when nothing searchable is
 * left. Only words (letters, digits, marks) survive, each in double quotes, so FTS5 syntax in the input
 * (`"`, `*`, `:`, `^`, `+`, `-`, parentheses, `NEAR`, column filters) cannot make the query invalid.
 * Kept on purpose: "quoted phrases", a trailing `*` for a prefix (two characters at least), and
 * upper-case `OR` / `NOT` between two terms. Terms are otherwise all required (implicit AND).
 */
export function toMatchExpression(input: string): string | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length && tokens.length < MAX_TERMS * 2) {
    const ch = input[i]!;
    if (ch === '"') {
      const end = input.indexOf('"', i + 1);
      const inner = input.slice(i + 1, end < 0 ? input.length : end);
      const words = (inner.match(WORD) ?? []).slice(0, MAX_TERMS).map(clip);
      if (words.length) tokens.push({ kind: 'term', text: `"${words.join(' ')}"` });
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
    tokens.push({ kind: 'term', text: `"${clip(word)}"${prefix ? '*' : ''}` });
  }
  // An operator counts only between two terms; a run of operators keeps its first.
  const out: string[] = [];
  let terms = 0;
  let pending: 'OR' | 'NOT' | undefined;
  for (const t of tokens) {
    if (t.kind === 'op') {
      if (out.length && !pending) pending = t.op;
      continue;
    }
    if (terms >= MAX_TERMS) break;
    if (pending) out.push(pending);
    pending = undefined;
    out.push(t.text);
    terms++;
  }
  return out.length ? out.join(' ') : undefined;
}

function clip(word: string): string {
  return [...word].slice(0, MAX_TERM_CHARS).join('');
}
