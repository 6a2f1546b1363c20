/** `scheme://host[:port]`, or `scheme://*.host[:port]` for any subdomain of host. */
export const ORIGIN_PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(:\d{1,5})?$/;

export interface OriginRule {
  scheme: string;
  host: string;
  port: string;
  /** `*.host`: any subdomain of host (not host itself). */
  subdomains: boolean;
}

/** Parses CORS_ALLOWED_ORIGINS. Throws on an entry that is not `scheme://host[:port]`. */
export function parseOriginList(raw: string | undefined): OriginRule[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/\/$/, ''))
    .filter(Boolean)
    .map((entry) => {
      const m = ORIGIN_PATTERN.exec(entry);
      if (!m) throw new Error(`"${entry}" is not an origin (scheme://host[:port], optionally https://*.host)`);
      return { scheme: m[1], subdomains: Boolean(m[2]), host: m[3], port: m[4] ?? '' };
    });
}
