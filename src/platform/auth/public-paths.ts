/**
 * The only paths served without a credential. Everything under /api/<service>/v1 needs one; this
 * list is the single place that says otherwise (CORS, the unknown-path guard and docs read it).
 */
export const PUBLIC_PATHS: readonly string[] = Object.freeze([
  '/api/health',
  '/api/version',
  '/api/product-catalog',
  '/openapi.yaml',
  '/openapi.json',
  '/docs',
]);

const SET = new Set(PUBLIC_PATHS);

export function isPublicPath(pathname: string): boolean {
  return SET.has(pathname) || pathname.startsWith('/docs/');
}
