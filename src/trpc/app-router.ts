import { intelligenceRouter } from '../services/intelligence/router.js';
import { aviationRouter } from '../services/aviation/router.js';
import { resilienceRouter } from '../services/resilience/router.js';
import { seismologyRouter } from '../services/seismology/router.js';
import { supplyChainRouter } from '../services/supply-chain/router.js';
import { infrastructureRouter } from '../services/infrastructure/router.js';
import { researchRouter } from '../services/research/router.js';
import { marketRouter } from '../services/market/router.js';
import { conflictRouter } from '../services/conflict/router.js';
import { economicRouter } from '../services/economic/router.js';
import { displacementRouter } from '../services/displacement/router.js';
import { unrestRouter } from '../services/unrest/router.js';
import { cyberRouter } from '../services/cyber/router.js';
import { router } from './procedures.js';

/**
 * All services, one key per URL segment (camelCased). The type is what a TypeScript frontend
 * imports for end-to-end types: `import type { AppRouter } from 'monitoring-data-service'`.
 */
export const appRouter = router({
  cyber: cyberRouter,
  unrest: unrestRouter,
  aviation: aviationRouter,
  displacement: displacementRouter,
  economic: economicRouter,
  conflict: conflictRouter,
  market: marketRouter,
  infrastructure: infrastructureRouter,
  research: researchRouter,
  resilience: resilienceRouter,
  seismology: seismologyRouter,
  supplyChain: supplyChainRouter,
  intelligence: intelligenceRouter,
});

export type AppRouter = typeof appRouter;
