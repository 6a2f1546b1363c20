import { parseArgs } from 'node:util';
import { loadConfig as loadEnvironment, readDotEnv, type Config } from '../config.js';
import { redactorFor } from '../platform/secrets.js';
import { serve } from './serve.js';
import { ingest } from './ingest.js';
import { migrateOnly } from './migrate.js';
import { keysCommand, KEYS_USAGE } from './keys.js';
import { datasetsCommand, DATASETS_USAGE } from './datasets.js';
import { leadsCommand } from './leads.js';
import { webhooksCommand } from './webhooks.js';
import { VERSION } from '../version.js';
import { text } from './output.js';
import { logLine, type LogFormat } from '../platform/logger.js';

const USAGE = `usage: mds <command> [options]

commands:
  serve                          run the HTTP service (migrates, loads samples into an empty database)
  migrate                        apply pending database migrations and exit
  ingest [dataset...] [options]  refresh snapshots from their live upstreams
      --samples                  use the bundled sample payloads instead of the network
      --file PATH | KEY=PATH     read a source from a file (KEY names the source of multi-source datasets)
      --force                    accept a feed whose row count collapsed
      --list                     list the datasets and exit
  datasets [--json]              list every dataset: kind, publisher, sources, credentials, cadence
  keys create|list|revoke|subscription
                                 manage API keys and account billing states (mds keys --help)
  leads contacts|interest [--csv]
                                 list or export stored contact requests and waitlist sign-ups
  webhooks list|deliveries       shipping webhook registrations and their delivery log

  mds <command> --help           usage of one command
  mds --version                  print the version
`;

/** Usage of each command, printed by `mds <command> --help` (which then does nothing else). */
const COMMAND_USAGE: Record<string, string> = {
  serve: `usage: mds serve

Runs the HTTP service: opens and migrates DATABASE_PATH, loads the bundled samples into an empty
database (LOAD_SAMPLES=auto), listens on HOST:PORT and stops cleanly on SIGTERM or SIGINT.
Configuration comes from the environment (see the README's configuration table).
`,
  migrate: `usage: mds migrate

Applies pending database migrations to DATABASE_PATH (and to DATABASE_URL when set) and exits.
`,
  ingest: `usage: mds ingest [dataset...] [options]

Refreshes snapshots from their live upstreams (every dataset when none is named).
  --samples                  use the bundled sample payloads instead of the network
  --file PATH | KEY=PATH     read a source from a file (KEY names the source of multi-source datasets)
  --force                    accept a feed whose row count collapsed
  --list                     list the datasets and exit
`,
  datasets: DATASETS_USAGE,
  keys: KEYS_USAGE,
  leads: `usage: mds leads contacts|interest [--csv]

Lists the stored contact requests (contacts) or waitlist sign-ups (interest), newest first, as JSON
lines, or as CSV with --csv. Nothing is ever e-mailed from the service.
`,
  webhooks: `usage: mds webhooks list|deliveries

Lists the shipping webhook registrations (list) or the delivery log with every attempt (deliveries).
`,
};

const wantsHelp = (args: readonly string[]) => args.includes('--help') || args.includes('-h');

/** Entry point of the `mds` command. Returns the process exit code. */
export async function runCli(
  argv: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && Object.hasOwn(COMMAND_USAGE, command) && wantsHelp(rest)) {
    out.write(COMMAND_USAGE[command]);
    return 0;
  }
  try {
    switch (command) {
      case '--version':
      case '-v':
      case 'version':
        out.write(`${VERSION}\n`);
        return 0;
      case 'serve':
        return await serve(loadConfig(), out === process.stdout ? undefined : out);
      case 'migrate':
        return await migrateOnly(loadConfig(), out);
      case 'ingest': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            samples: { type: 'boolean', default: false },
            file: { type: 'string', multiple: true },
            force: { type: 'boolean', default: false },
            list: { type: 'boolean', default: false },
          },
        });
        return await ingest(loadConfig(), { datasets: positionals, ...values }, out, err);
      }
      case 'datasets':
        return datasetsCommand(loadConfig(), rest, out);
      case 'keys':
        return await keysCommand(loadConfig(), rest, out, err);
      case 'leads':
        return await leadsCommand(loadConfig(), rest, out, err);
      case 'webhooks':
        return await webhooksCommand(loadConfig(), rest, out, err);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        out.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        // Commands added by later modules register themselves here.
        if (extraCommands.has(command)) return await extraCommands.get(command)!(rest, out, err);
        err.write(`mds: unknown command "${text(command)}"\n${USAGE}`);
        return 2;
    }
  } catch (e) {
    // A configuration that failed to load still has its secrets in the environment.
    // The message may quote a stored row or an upstream's answer: its controls are shown, not written.
    const message = redactorFor(loadConfigLoosely())((e as Error).message);
    // `mds serve` writes nothing but log lines, its failure to start included.
    if (command === 'serve') err.write(logLine('fatal', `mds: ${message}`, logFormatLoosely()));
    else err.write(`mds: ${text(message)}\n`);
    return 1;
  }
}

/** The configuration of a command: `.env` in the working directory (when present) under the environment. */
function loadConfig(): Config {
  readDotEnv();
  return loadEnvironment();
}

export type Command = (args: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream) => Promise<number>;
export const extraCommands = new Map<string, Command>();

/** The log format asked for, even when the configuration does not load. */
function logFormatLoosely(): LogFormat {
  return process.env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json';
}

/** The environment as a config for redaction only, even when it does not validate. */
function loadConfigLoosely(): Config {
  try {
    return loadConfig();
  } catch {
    return { ...process.env } as unknown as Config;
  }
}
