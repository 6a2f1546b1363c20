import { aviationRouter } from '../services/aviation/router.js';
import { batchRouter } from '../services/batch/router.js';
import { conflictRouter } from '../services/conflict/router.js';
import { cyberRouter } from '../services/cyber/router.js';
import { displacementRouter } from '../services/displacement/router.js';
import { economicRouter } from '../services/economic/router.js';
import { infrastructureRouter } from '../services/infrastructure/router.js';
import { intelligenceRouter } from '../services/intelligence/router.js';
import { marketRouter } from '../services/market/router.js';
import { researchRouter } from '../services/research/router.js';
import { resilienceRouter } from '../services/resilience/router.js';
import { seismologyRouter } from '../services/seismology/router.js';
import { shippingRouter } from '../services/shipping/router.js';
import { supplyChainRouter } from '../services/supply-chain/router.js';
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
  cyber: cyberRouter,
  displacement: displacementRouter,
  economic: economicRouter,
  infrastructure: infrastructureRouter,
  intelligence: intelligenceRouter,
  market: marketRouter,
  research: researchRouter,
  resilience: resilienceRouter,
  seismology: seismologyRouter,
  shipping: shippingRouter,
  supplyChain: supplyChainRouter,
  unrest: unrestRouter,
});

export type AppRouter = typeof appRouter;
