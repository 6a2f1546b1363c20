import type { Config } from '../config.js';

/** Config variables whose names end with one of these hold credentials. */
export const CREDENTIAL_SUFFIXES = ['_KEY', '_TOKEN', '_SECRET', '_PASSWORD'] as const;
/** Credentials whose names do not follow the suffix rule. */
export const EXTRA_CREDENTIALS = ['OPERATOR_KEYS'] as const;
/** Names that match the suffix rule but hold a mode, not a credential (DEV_KEY=auto|never). */
export const NOT_CREDENTIALS = ['DEV_KEY'] as const;
/** Shorter values would redact ordinary words and digits; nobody issues a credential that short. */
export const MIN_SECRET_LENGTH = 4;
export const REDACTED = '[redacted]';

export function isCredentialVariable(name: string): boolean {
  if ((NOT_CREDENTIALS as readonly string[]).includes(name)) return false;
  return CREDENTIAL_SUFFIXES.some((s) => name.endsWith(s)) || (EXTRA_CREDENTIALS as readonly string[]).includes(name);
}

export type Redact = (text: string) => string;

const cache = new WeakMap<object, Redact>();

/**
 * The one redaction used at every exit (errors, stored messages, logs, health, CLI output): every
 * configured credential value is replaced BY VALUE, wherever it appears and however a URL or a
 * header encoded it, so a secret is hidden even where no parameter name gives it away.
 */
export function redactorFor(config: Config): Redact {
  let redact = cache.get(config);
  if (!redact) {
    redact = buildRedactor(secretValues(config));
    cache.set(config, redact);
  }
  return redact;
}

/** Shorthand for `redactorFor(config)(text)`. */
export function redactSecrets(text: string, config: Config): string {
  return redactorFor(config)(text);
}

/** Every credential value in the configuration, each list entry on its own (OPERATOR_KEYS is comma-separated). */
export function secretValues(config: Config): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(config)) {
    if (!isCredentialVariable(name)) continue;
    // A list setting (OPERATOR_KEYS) arrives parsed into its entries.
    const entries =
      typeof value === 'string'
        ? [value, ...value.split(',')]
        : Array.isArray(value)
          ? value.filter((v): v is string => typeof v === 'string')
          : [];
    for (const v of entries) {
      const t = v.trim();
      if (t.length >= MIN_SECRET_LENGTH) values.add(t);
    }
  }
  // A password inside a connection URL (DATABASE_URL=postgres://user:password@host/db) is a credential too.
  for (const [name, value] of Object.entries(config)) {
    if (!name.endsWith('_URL') || typeof value !== 'string') continue;
    try {
      const password = decodeURIComponent(new URL(value).password);
      if (password.length >= MIN_SECRET_LENGTH) values.add(password);
    } catch {
      // not a URL
    }
  }
  return [...values];
}

/** The forms a value takes on its way out: raw, percent-encoded (path or query), base64 (Basic auth). */
function encodings(value: string): string[] {
  const forms = new Set([
    value,
    encodeURIComponent(value),
    encodeURI(value),
    new URLSearchParams({ v: value }).toString().slice(2),
  ]);
  forms.add(Buffer.from(value).toString('base64').replace(/=+$/, ''));
  // Percent-encoding is case-insensitive (%2f and %2F).
  for (const f of [...forms]) if (f.includes('%')) forms.add(f.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH);
}

export function buildRedactor(values: readonly string[]): Redact {
  const forms = [...new Set(values.flatMap(encodings))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  const pattern = new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return (text) => (typeof text === 'string' ? text.replace(pattern, REDACTED) : text);
}
