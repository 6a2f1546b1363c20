/**
 * What `mds --help` and `mds <command> --help` print. Kept apart from the commands so that help and
 * `--version` answer without loading the application.
 */
import { BILLING_STATES } from '../platform/auth/keys.js';
import { PLAN_KEYS } from '../platform/auth/plans.js';

export const KEYS_USAGE = `usage: mds keys <subcommand>

  create --plan PLAN [--name N] [--rate-limit PER_MINUTE] [--expires ISO_DATE] [--account ACCOUNT_ID]
                              issue a key; prints its id, then the key alone on the last line (shown once)
  list [--json]               list keys (never their secrets); --json prints a JSON array
  revoke ID                   revoke a key; effective on its next request, sessions included
  subscription ID STATE       set the billing state of the key's account (${BILLING_STATES.join('|')})

plans: ${PLAN_KEYS.join(', ')}
`;

export const DATASETS_USAGE = `usage: mds datasets [--json]

Lists every dataset: its kind (live, reference, derived, relay, recorded), who publishes it, each
source address (or, for a curated table, its file under db/reference/) with the variables it needs
and whether they are set, when its bundled sample was captured, and how often it is refreshed.
--json prints the same as one JSON array.
`;

export const USAGE = `usage: mds <command> [options]

commands:
  serve                          run the HTTP service (migrates, loads samples into an empty database)
  migrate                        apply pending database migrations and exit
  ingest [dataset...] [options]  refresh snapshots from their live upstreams
      --samples                  use the bundled sample payloads instead of the network
      --file PATH | KEY=PATH     read a source from a file (KEY names the source of multi-source datasets)
      --force                    accept a feed whose row count collapsed
      --list                     list the datasets and exit
  datasets [--json]              list every dataset: kind, publisher, sources, credentials, cadence
  mcp [--key KEY]                MCP over stdio for a local agent (key from --key or MCP_KEY)
  keys create|list|revoke|subscription
                                 manage API keys and account billing states (mds keys --help)
  leads contacts|interest [--csv]
                                 list or export stored contact requests and waitlist sign-ups
  webhooks list|deliveries       shipping webhook registrations and their delivery log

  mds <command> --help           usage of one command
  mds --version                  print the version
`;

/** Usage of each command, printed by `mds <command> --help` (which then does nothing else). */
export const COMMAND_USAGE: Record<string, string> = {
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
  mcp: `usage: mds mcp [--key KEY]

Serves MCP (Model Context Protocol) over stdin/stdout for a local agent, reading DATABASE_PATH (and
DATABASE_URL) directly: every operation as a tool, plus describe_operation and search_operations, the
mds:// resources and the prompts, the same as POST /mcp. Tools are called with KEY (--key, else the
MCP_KEY variable): its plan, tier gates, rate limits and quotas apply as over HTTP. Log lines go to
stderr. Jobs queued by POST tools are run by mds serve.
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
