import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import type { ServiceOperationalStatus, ServiceStatus } from '../schemas.js';
import { normaliseStatus, statusRank } from '../rules.js';

export const SERVICE_STATUSES = 'infrastructure.service-statuses';

/** Monitored providers; every one publishes an Atlassian Statuspage `summary.json`. */
export const PROVIDERS = [
  { id: 'github', name: 'GitHub', page: 'https://www.githubstatus.com' },
  { id: 'cloudflare', name: 'Cloudflare', page: 'https://www.cloudflarestatus.com' },
  { id: 'vercel', name: 'Vercel', page: 'https://www.vercel-status.com' },
  { id: 'netlify', name: 'Netlify', page: 'https://www.netlifystatus.com' },
  { id: 'digitalocean', name: 'DigitalOcean', page: 'https://status.digitalocean.com' },
  { id: 'openai', name: 'OpenAI', page: 'https://status.openai.com' },
  { id: 'anthropic', name: 'Anthropic', page: 'https://status.anthropic.com' },
  { id: 'discord', name: 'Discord', page: 'https://discordstatus.com' },
  { id: 'npm', name: 'npm', page: 'https://status.npmjs.org' },
  { id: 'twilio', name: 'Twilio', page: 'https://status.twilio.com' },
  { id: 'datadog', name: 'Datadog', page: 'https://status.datadoghq.com' },
  { id: 'sentry', name: 'Sentry', page: 'https://status.sentry.io' },
  { id: 'supabase', name: 'Supabase', page: 'https://status.supabase.com' },
  { id: 'linear', name: 'Linear', page: 'https://linearstatus.com' },
  { id: 'circleci', name: 'CircleCI', page: 'https://status.circleci.com' },
  { id: 'bitbucket', name: 'Bitbucket', page: 'https://bitbucket.status.atlassian.com' },
] as const;

const Summary = z.object({
  page: z.object({ name: z.string().optional(), url: z.string().optional(), updated_at: z.string().optional() }),
  status: z.object({ indicator: z.string(), description: z.string().optional() }),
  components: z.array(z.object({ status: z.string().optional() })).optional(),
  scheduled_maintenances: z.array(z.object({ status: z.string().optional() })).optional(),
});

export interface PageReading {
  status: ServiceOperationalStatus;
  description: string;
}

/** One Statuspage `summary.json` -> overall status and the status line the page shows. */
export function parseStatuspageSummary(bytes: Buffer): PageReading {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`status page summary is not JSON: ${(err as Error).message}`);
  }
  const doc = Summary.safeParse(json);
  if (!doc.success)
    throw new Error(`status page summary has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  let status = normaliseStatus(doc.data.status.indicator);
  // The indicator only reflects incidents; a maintenance window in progress is reported separately.
  const inMaintenance = (doc.data.scheduled_maintenances ?? []).some((m) => m.status === 'in_progress');
  if (status === 'SERVICE_OPERATIONAL_STATUS_OPERATIONAL' && inMaintenance)
    status = 'SERVICE_OPERATIONAL_STATUS_MAINTENANCE';
  return { status, description: doc.data.status.description ?? '' };
}

export function sortStatuses(rows: ServiceStatus[]): ServiceStatus[] {
  return rows.sort((a, b) => statusRank(a.status) - statusRank(b.status) || a.name.localeCompare(b.name, 'en'));
}

export const serviceStatusesDataset: Dataset<ServiceStatus> = {
  name: SERVICE_STATUSES,
  source: 'Vendor status pages (Atlassian Statuspage summaries)',
  kind: 'live',
  maxStaleMinutes: 60,
  // Each page is optional: one vendor's page being down must not hide the others.
  sources: Object.fromEntries(
    PROVIDERS.map((p) => [
      p.id,
      { url: `${p.page}/api/v2/summary.json`, sample: `infrastructure/statuspage/${p.id}.json`, optional: true },
    ]),
  ),
  parse(payloads, now) {
    const unreadable: string[] = [];
    const rows = PROVIDERS.map((p): ServiceStatus => {
      const bytes = payloads[p.id];
      let reading: PageReading = {
        status: 'SERVICE_OPERATIONAL_STATUS_UNSPECIFIED',
        description: 'Status page could not be read',
      };
      if (bytes) {
        try {
          reading = parseStatuspageSummary(bytes);
        } catch {
          unreadable.push(p.id);
        }
      } else unreadable.push(p.id);
      return {
        id: p.id,
        name: p.name,
        status: reading.status,
        description: reading.description,
        url: p.page,
        checkedAt: now,
        latencyMs: 0,
      };
    });
    if (unreadable.length === PROVIDERS.length) throw new Error('no status page could be read');
    return { records: sortStatuses(rows), info: { unreadable } };
  },
};
