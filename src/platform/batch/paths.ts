/** Why an operation path cannot be dispatched, or `ok`. */
export type PathVerdict =
  { ok: true; pathname: string; url: string } | { ok: false; error: 'invalid_path' | 'nested_batch' };

const ORIGIN = 'http://batch.invalid';
const RPC_PATH = /^\/api\/[a-z][a-z0-9-]*\/v\d+\/[a-z][a-z0-9-]*$/;

/** Control characters (C0 and DEL) or white space: never part of a path we dispatch. */
function hasControlOrSpace(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x21 || c === 0x7f) return true;
  }
  return /\s/.test(path);
}

/**
 * Decides whether a batch operation's path may be dispatched: it must be a same-origin path to a
 * versioned RPC (`/api/<service>/v<n>/<rpc-name>`, lower case), optionally with a query string that
 * passes through untouched. Absolute and scheme-relative URLs, backslash tricks, dot segments that
 * escape the pattern, and anything under /api/batch/ never reach the dispatcher.
 */
export function classifyPath(path: string): PathVerdict {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || hasControlOrSpace(path)) {
    return { ok: false, error: 'invalid_path' };
  }
  let url: URL;
  try {
    url = new URL(path, ORIGIN);
  } catch {
    return { ok: false, error: 'invalid_path' };
  }
  if (url.origin !== ORIGIN || url.hash) return { ok: false, error: 'invalid_path' };
  if (url.pathname.startsWith('/api/batch/') || url.pathname === '/api/batch')
    return { ok: false, error: 'nested_batch' };
  if (!RPC_PATH.test(url.pathname)) return { ok: false, error: 'invalid_path' };
  const q = path.indexOf('?');
  return { ok: true, pathname: url.pathname, url: url.pathname + (q >= 0 ? path.slice(q) : '') };
}
