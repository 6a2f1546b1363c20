import { z } from 'zod';

const int32 = (description: string) => z.number().int().min(0).max(2147483647).meta({ format: 'int32', description });

export const OrefAlert = z
  .object({
    id: z.string(),
    cat: z.string().meta({ description: 'Threat class: MISSILE, DRONE, INFILTRATION, EARTHQUAKE, TSUNAMI, HAZMAT or ALERT.' }),
    title: z.string().meta({ description: 'Alert title as OREF publishes it (Hebrew).' }),
    data: z.array(z.string()).meta({ description: 'Localities alerted, as OREF names them (Hebrew).' }),
    desc: z.string().meta({ description: 'Protective instructions (live alerts only; empty in history).' }),
    timestampMs: z.number().int().meta({ format: 'int64', description: 'When the alert sounded, Unix epoch milliseconds.' }),
  })
  .meta({ id: 'intelligence_v1_OrefAlert', description: 'One Home Front Command alert.' });

export const OrefWave = z
  .object({ alerts: z.array(OrefAlert), timestampMs: z.number().int().meta({ format: 'int64', description: 'When the wave sounded, Unix epoch milliseconds.' }) })
  .meta({ id: 'intelligence_v1_OrefWave', description: 'Alerts that sounded together.' });

export const ListOrefAlertsRequest = z.object({
  mode: z.enum(['MODE_HISTORY']).optional().meta({ description: '`MODE_HISTORY` for the alert history only; omitted asks for live alerts (with the history alongside).' }),
});

export type ListOrefAlertsRequest = z.infer<typeof ListOrefAlertsRequest>;

export const ListOrefAlertsResponse = z
  .object({
    configured: z.boolean().meta({ description: 'The source answering this mode is available: the live alerts address for live mode, the history for history mode.' }),
    alerts: z.array(OrefAlert).meta({ description: 'Alerts active now (live mode with a configured source); empty otherwise.' }),
    history: z.array(OrefWave).meta({ description: 'Waves of the week before the history was fetched, newest first.' }),
    historyCount24h: int32('Localities alerted in the 24 hours before now.'),
    totalHistoryCount: int32('Localities alerted across the history.'),
    timestampMs: z.number().int().meta({ format: 'int64', description: 'When the live alerts or, failing that, the history were fetched, Unix epoch milliseconds.' }),
    error: z.string().meta({ description: 'Why live alerts or history are missing; empty when all is well.' }),
  })
  .meta({ id: 'intelligence_v1_ListOrefAlertsResponse', description: 'Israel Home Front Command alerts.' });

export type ListOrefAlertsResponse = z.infer<typeof ListOrefAlertsResponse>;
