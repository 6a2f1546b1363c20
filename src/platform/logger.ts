import pino from 'pino';

export type Logger = pino.Logger;

/** `json`: one JSON object per line, for machines (the default); `pretty`: one readable line, for people. */
export type LogFormat = 'json' | 'pretty';

/**
 * Where log lines go by default: an asynchronous stream on `fd`, so a request never waits on a write
 * to the terminal or a pipe. Lines are written as soon as the previous write completes (no minimum
 * batch size): under load they coalesce by themselves, and a quiet server still shows each line at once.
 */
export function logDestination(fd = 1): pino.DestinationStream {
  return pino.destination({ dest: fd, sync: false, minLength: 0 });
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** A field's value as a person reads it: strings bare unless they hold spaces, everything else as JSON. */
function fieldText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/**
 * One JSON log line as a person reads it: `23:14:05.120 INFO  message key=value …` (UTC time). A line
 * that is not a JSON object is passed through unchanged.
 */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return line;
  const { level, time, msg, ...fields } = entry;
  const when = typeof time === 'number' ? new Date(time).toISOString().slice(11, 23) : '';
  const name = (LEVEL_NAMES[Number(level)] ?? String(level ?? '')).padEnd(5);
  const rest = Object.entries(fields).map(([k, v]) => `${k}=${fieldText(v)}`);
  return `${[when, name, msg ?? '', ...rest].filter((part) => part !== '').join(' ')}\n`;
}

/** A destination that turns each JSON line into its pretty form before handing it on. */
export function prettyDestination(inner: pino.DestinationStream): pino.DestinationStream {
  const stream = inner as pino.DestinationStream & { flush?: (cb?: () => void) => void; flushSync?: () => void };
  return {
    write: (line: string) => stream.write(line.split('\n').filter(Boolean).map(prettyLine).join('')),
    // pino's logger.flush() and final writes reach the underlying stream.
    flush: (cb?: () => void) => (stream.flush ? stream.flush(cb) : cb?.()),
    flushSync: () => stream.flushSync?.(),
  } as pino.DestinationStream;
}

/**
 * Structured logs: every line one JSON object, or its pretty form with `format: 'pretty'`. Credentials
 * are redacted wherever they could appear: by path for request headers, and by value (`redactValues`,
 * from src/platform/secrets.ts) for configured secrets; `flush` is called on shutdown.
 */
export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  redactValues?: (line: string) => string,
  format: LogFormat = 'json',
): Logger {
  const sink = destination ?? logDestination(1);
  return pino(
    {
      level,
      base: undefined,
      // Configured credential values are taken out of every line, wherever a message carries them.
      ...(redactValues ? { hooks: { streamWrite: redactValues } } : {}),
      redact: {
        paths: [
          'req.headers["x-service-key"]',
          'req.headers["x-api-key"]',
          'req.headers.authorization',
          'req.headers.cookie',
          'key',
          'secret',
        ],
        censor: '[redacted]',
      },
    },
    format === 'pretty' ? prettyDestination(sink) : sink,
  );
}

/**
 * A line written before any logger exists (a configuration that does not load, a database that does not
 * open), in the logger's own shape, so that even a failed start writes nothing but log lines.
 */
export function logLine(level: 'fatal' | 'error', msg: string, format: LogFormat = 'json', time = Date.now()): string {
  const line = `${JSON.stringify({ level: level === 'fatal' ? 60 : 50, time, msg })}\n`;
  return format === 'pretty' ? prettyLine(line) : line;
}
