/**
 * The forecast datasets are computed from their inputs (`derive`); none reads bytes. The runner
 * derives them, so a byte parse is a caller's mistake and says so.
 */
export function computedOnly(name: string): () => never {
  return () => {
    throw new Error(`${name} is computed from its input datasets; it has no bytes to parse`);
  };
}
