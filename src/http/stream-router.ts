import { tracked } from '@trpc/server';
import { z } from 'zod';
import { ServiceError } from '../platform/errors.js';
import { operation, router } from '../trpc/procedures.js';
import { streamsOf, type ChangeEvent, type StreamEvent, type StreamSink } from './stream.js';

/*
 * The event stream as a tRPC subscription (tRPC 11 over SSE, `httpSubscriptionLink`): the client
 * names a GET operation by its procedure path and gives its typed input; each change of that
 * operation's answer arrives as a `ChangeEvent`, tracked by the same resumable cursor as
 * `GET /api/stream` (the link sends it back as `lastEventId` when it reconnects). One service serves
 * both faces (./stream.ts), so answers, ETags, charging, caps and revocation are the same.
 */

/** The options of a `stream.changes` subscription, beside the operation and its input. */
export interface ChangesOptions {
  /** Send the new answer with each change. */
  includeBody?: boolean;
  /** A projection applied to the answer (and its ETag), as the REST `jmespath` parameter. */
  jmespath?: string;
  /** The cursor to resume from (the link sets it on reconnection). */
  lastEventId?: string | null;
}

const changesInput = z.object({
  operation: z.string().min(1).max(200),
  input: z.record(z.string(), z.unknown()).optional(),
  includeBody: z.boolean().optional(),
  jmespath: z.string().max(4096).optional(),
  lastEventId: z.string().max(32).nullish(),
});

/** An operation's input as the query string of its GET (arrays repeat the parameter). */
function queryOf(input: Record<string, unknown> | undefined, jmespath: string | undefined): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(input ?? {})) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  }
  if (jmespath) search.set('jmespath', jmespath);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * `stream.changes`, its input typed by the composition root from the services it is mounted beside
 * (`{ operation, input }` of every GET operation, and the options): `client.stream.changes.subscribe(
 * { operation: 'seismology.listEarthquakes', input: { page_size: 5 } }, { onData })`.
 */
export function streamRouter<Input extends ChangesOptions & { operation: string }>() {
  return router({
    /** Changes of one GET operation's answer, pushed as they happen (SSE). */
    changes: operation.input(changesInput as unknown as z.ZodType<Input, Input>).subscription(async function* ({
      ctx,
      input,
      signal,
    }) {
      const parsed = input as unknown as z.infer<typeof changesInput>;
      const service = streamsOf(ctx.deps);
      if (!service) throw new ServiceError(503, { error: 'event streams are not served here' });
      const path = service.operationPath(parsed.operation);
      if (!path)
        throw ServiceError.validation([{ field: 'operation', description: `no GET operation ${parsed.operation}` }]);
      const queue: StreamEvent[] = [];
      let ended = false;
      let wake: (() => void) | undefined;
      const sink: StreamSink = {
        send: (e) => {
          queue.push(e);
          wake?.();
        },
        comment: () => undefined,
        end: () => {
          ended = true;
          wake?.();
        },
      };
      const stream = await service.open(
        ctx.principal!,
        ctx.headers,
        {
          operations: [`${path}${queryOf(parsed.input, parsed.jmespath)}`],
          watches: [],
          includeBody: parsed.includeBody === true,
        },
        parsed.lastEventId ?? undefined,
        sink,
        ctx.requestId,
      );
      const stop = () => service.close(stream);
      signal?.addEventListener('abort', stop);
      try {
        for (;;) {
          while (queue.length) {
            const e = queue.shift()!;
            if (e.event === 'change' && e.id !== undefined) yield tracked(e.id, e.data as ChangeEvent);
          }
          if (ended || signal?.aborted) return;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      } finally {
        signal?.removeEventListener('abort', stop);
        stop();
      }
    }),
  });
}
