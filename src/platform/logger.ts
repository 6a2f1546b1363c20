import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs. Credentials are redacted wherever they could appear: by path for request
 * headers, and by value (`redactValues`, from src/platform/secrets.ts) for configured secrets. Without an explicit
 * destination, lines go to stdout through an asynchronous buffered stream, so a request never waits
 * on a write to the terminal or a pipe; `flush` is called on shutdown.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, redactValues?: (line: string) => string): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Configured credential values are taken out of every line, wherever a message carries them.
      ...(redactValues ? { hooks: { streamWrite: redactValues } } : {}),
      redact: {
        paths: ['req.headers["x-service-key"]', 'req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie', 'key', 'secret'],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}
