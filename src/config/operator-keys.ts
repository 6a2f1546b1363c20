/**
 * What a presented credential may look like at all: printable, no separators. A value outside this
 * (a header repeated and joined as "k1, k2", inner spaces, over-long) is refused before any lookup.
 */
export const CREDENTIAL_PATTERN = /^[A-Za-z0-9._~+/=-]{16,256}$/;

/**
 * Splits the comma-separated OPERATOR_KEYS setting into its keys, each checked against the
 * credential pattern. Throws naming the position of a bad entry. The keys stay values here (the
 * redaction of logs needs them); access control keeps only their digests.
 */
export function parseOperatorKeyList(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  entries.forEach((k, i) => {
    if (!CREDENTIAL_PATTERN.test(k))
      throw new Error(`OPERATOR_KEYS entry ${i + 1} must be 16-256 characters of [A-Za-z0-9._~+/=-]`);
  });
  return entries;
}
