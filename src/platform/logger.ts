import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Where log lines go by default: an asynchronous stream on `fd`, so a request never waits on a write
 * to the terminal or a pipe. Lines are written as soon as the previous write completes (no minimum
 * batch size): under load they coalesce by themselves, and a quiet server still shows each line at once.
 */
export function logDestination(fd = 1): pino.DestinationStream {
  return pino.destination({ dest: fd, sync: false, minLength: 0 });
}

/**
 * Structured JSON logs. Credentials are redacted wherever they could appear: by path for request
 * headers, and by value (`redactValues`, from src/platform/secrets.ts) for configured secrets;
 * `flush` is called on shutdown.
 */
export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  redactValues?: (line: string) => string,
): Logger {
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
    destination ?? logDestination(1),
  );
}
