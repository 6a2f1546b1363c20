import { aviationRouter } from '../services/aviation/router.js';
import { batchRouter } from '../services/batch/router.js';
import { climateRouter } from '../services/climate/router.js';
import { conflictRouter } from '../services/conflict/router.js';
import { consumerPricesRouter } from '../services/consumer-prices/router.js';
import { cyberRouter } from '../services/cyber/router.js';
import { displacementRouter } from '../services/displacement/router.js';
import { economicRouter } from '../services/economic/router.js';
import { healthRouter } from '../services/health/router.js';
import { imageryRouter } from '../services/imagery/router.js';
import { givingRouter } from '../services/giving/router.js';
import { infrastructureRouter } from '../services/infrastructure/router.js';
import { intelligenceRouter } from '../services/intelligence/router.js';
import { maritimeRouter } from '../services/maritime/router.js';
import { marketRouter } from '../services/market/router.js';
import { militaryRouter } from '../services/military/router.js';
import { naturalRouter } from '../services/natural/router.js';
import { radiationRouter } from '../services/radiation/router.js';
import { positiveEventsRouter } from '../services/positive-events/router.js';
import { predictionRouter } from '../services/prediction/router.js';
import { researchRouter } from '../services/research/router.js';
import { resilienceRouter } from '../services/resilience/router.js';
import { safetyRouter } from '../services/safety/router.js';
import { sanctionsRouter } from '../services/sanctions/router.js';
import { forecastRouter } from '../services/forecast/router.js';
import { leadsRouter } from '../services/leads/router.js';
import { newsRouter } from '../services/news/router.js';
import { scenarioRouter } from '../services/scenario/router.js';
import { seismologyRouter } from '../services/seismology/router.js';
import { shippingRouter } from '../services/shipping/router.js';
import { supplyChainRouter } from '../services/supply-chain/router.js';
import { thermalRouter } from '../services/thermal/router.js';
import { tradeRouter } from '../services/trade/router.js';
import { unrestRouter } from '../services/unrest/router.js';
import { watchRouter } from '../services/watch/router.js';
import { webcamRouter } from '../services/webcam/router.js';
import { wildfireRouter } from '../services/wildfire/router.js';
import { router } from '../trpc/procedures.js';
import type { AnyTRPCQueryProcedure, AnyTRPCProcedure, inferProcedureInput, TRPCBuiltRouter } from '@trpc/server';
import { streamRouter } from '../http/stream-router.js';

/**
 * All services, one key per URL segment (camelCased), in alphabetical order. Its type is what a
 * TypeScript frontend uses for end-to-end types, from the client package (packages/client, built
 * from this file by `npm run client:build`): `import type { AppRouter } from '@monitoring-data-service/client'`.
 * It lives in the composition root: nothing below it (trpc, http) names a service.
 */
const services = {
  aviation: aviationRouter,
  batch: batchRouter,
  climate: climateRouter,
  conflict: conflictRouter,
  consumerPrices: consumerPricesRouter,
  cyber: cyberRouter,
  displacement: displacementRouter,
  economic: economicRouter,
  health: healthRouter,
  imagery: imageryRouter,
  giving: givingRouter,
  infrastructure: infrastructureRouter,
  intelligence: intelligenceRouter,
  maritime: maritimeRouter,
  market: marketRouter,
  military: militaryRouter,
  natural: naturalRouter,
  radiation: radiationRouter,
  positiveEvents: positiveEventsRouter,
  prediction: predictionRouter,
  research: researchRouter,
  resilience: resilienceRouter,
  safety: safetyRouter,
  sanctions: sanctionsRouter,
  forecast: forecastRouter,
  leads: leadsRouter,
  news: newsRouter,
  scenario: scenarioRouter,
  seismology: seismologyRouter,
  shipping: shippingRouter,
  supplyChain: supplyChainRouter,
  thermal: thermalRouter,
  trade: tradeRouter,
  unrest: unrestRouter,
  watch: watchRouter,
  webcam: webcamRouter,
  wildfire: wildfireRouter,
};

/** Dotted paths of a router record's query procedures with their inputs, as `{ operation, input }` pairs. */
export type QueryInputs<R, P extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyTRPCQueryProcedure
    ? { operation: `${P}${K}`; input?: inferProcedureInput<R[K]> }
    : R[K] extends AnyTRPCProcedure
      ? never
      : R[K] extends TRPCBuiltRouter<any, infer Record>
        ? QueryInputs<Record, `${P}${K}.`>
        : R[K] extends object
          ? QueryInputs<R[K], `${P}${K}.`>
          : never;
}[keyof R & string];

/** What `stream.changes` takes: one GET operation of the services, by procedure path, with its typed input. */
export type StreamChangesInput = QueryInputs<typeof services> & {
  /** Send the new answer with each change. */
  includeBody?: boolean;
  /** A projection applied to the answer (and its ETag), as the REST `jmespath` parameter. */
  jmespath?: string;
  /** The cursor to resume from (the link sets it on reconnection). */
  lastEventId?: string | null;
};

/** The services, and beside them `stream.changes`: a subscription to any of their GET operations, typed by their inputs. */
export const appRouter = router({ ...services, stream: streamRouter<StreamChangesInput>() });

export type AppRouter = typeof appRouter;
