import { aviationRouter } from '../services/aviation/router.js';
import { batchRouter } from '../services/batch/router.js';
import { conflictRouter } from '../services/conflict/router.js';
import { consumerPricesRouter } from '../services/consumer-prices/router.js';
import { cyberRouter } from '../services/cyber/router.js';
import { displacementRouter } from '../services/displacement/router.js';
import { economicRouter } from '../services/economic/router.js';
import { givingRouter } from '../services/giving/router.js';
import { infrastructureRouter } from '../services/infrastructure/router.js';
import { intelligenceRouter } from '../services/intelligence/router.js';
import { marketRouter } from '../services/market/router.js';
import { positiveEventsRouter } from '../services/positive-events/router.js';
import { predictionRouter } from '../services/prediction/router.js';
import { researchRouter } from '../services/research/router.js';
import { resilienceRouter } from '../services/resilience/router.js';
import { safetyRouter } from '../services/safety/router.js';
import { sanctionsRouter } from '../services/sanctions/router.js';
import { seismologyRouter } from '../services/seismology/router.js';
import { supplyChainRouter } from '../services/supply-chain/router.js';
import { tradeRouter } from '../services/trade/router.js';
import { unrestRouter } from '../services/unrest/router.js';
import { router } from './procedures.js';

/**
 * All services, one key per URL segment (camelCased), in alphabetical order. The type is what a
 * TypeScript frontend imports for end-to-end types:
 * `import type { AppRouter } from 'monitoring-data-service/src/trpc/app-router'`.
 */
export const appRouter = router({
  aviation: aviationRouter,
  batch: batchRouter,
  conflict: conflictRouter,
  consumerPrices: consumerPricesRouter,
  cyber: cyberRouter,
  displacement: displacementRouter,
  economic: economicRouter,
  giving: givingRouter,
  infrastructure: infrastructureRouter,
  intelligence: intelligenceRouter,
  market: marketRouter,
  positiveEvents: positiveEventsRouter,
  prediction: predictionRouter,
  research: researchRouter,
  resilience: resilienceRouter,
  safety: safetyRouter,
  sanctions: sanctionsRouter,
  seismology: seismologyRouter,
  supplyChain: supplyChainRouter,
  trade: tradeRouter,
  unrest: unrestRouter,
});

export type AppRouter = typeof appRouter;
