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

/** Listed paths, the docs page's assets, and the per-service documents (`/openapi/<service>.json`). */
export function isPublicPath(pathname: string): boolean {
  return SET.has(pathname) || pathname.startsWith('/docs/') || pathname.startsWith('/openapi/');
}

/**
 * Whether an operation may be called without a credential: it must both say so in its meta and sit
 * on a listed public path. A `public` flag on an /api/<service>/v1 operation is therefore ignored.
 */
export function isPublicOperation(meta: { public?: boolean; openapi?: { path: string } } | undefined): boolean {
  return meta?.public === true && meta.openapi !== undefined && isPublicPath(meta.openapi.path);
}
