import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs. Credentials are redacted wherever they could appear. Without an explicit
 * destination, lines go to stdout through an asynchronous buffered stream, so a request never waits
 * on a write to the terminal or a pipe; `flush` is called on shutdown.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['req.headers["x-service-key"]', 'req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie', 'key', 'secret'],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}
