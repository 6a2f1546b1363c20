import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs. Credentials are redacted wherever they could appear. */
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
    destination,
  );
}
