import { parseArgs } from 'node:util';
import { loadConfig as loadEnvironment, readDotEnv, type Config } from '../config.js';
import { redactorFor } from '../platform/secrets.js';
import { VERSION } from '../version.js';
import { text } from './output.js';
import { COMMAND_USAGE, USAGE } from './usage.js';
import { logLine, type LogFormat } from '../platform/logger.js';

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
        return await (await import('./serve.js')).serve(loadConfig(), out === process.stdout ? undefined : out);
      case 'migrate':
        return await (await import('./migrate.js')).migrateOnly(loadConfig(), out);
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
        return await (await import('./ingest.js')).ingest(loadConfig(), { datasets: positionals, ...values }, out, err);
      }
      case 'mcp': {
        const { values } = parseArgs({ args: rest, options: { key: { type: 'string' } } });
        return await (await import('./mcp.js')).mcpCommand(loadConfig(), values.key, err);
      }
      case 'datasets':
        return (await import('./datasets.js')).datasetsCommand(loadConfig(), rest, out);
      case 'keys':
        return await (await import('./keys.js')).keysCommand(loadConfig(), rest, out, err);
      case 'leads':
        return await (await import('./leads.js')).leadsCommand(loadConfig(), rest, out, err);
      case 'webhooks':
        return await (await import('./webhooks.js')).webhooksCommand(loadConfig(), rest, out, err);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        out.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
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
