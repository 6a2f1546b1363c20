import { router } from '../../trpc/procedures.js';
import { cableProcedures } from './cables/procedures.js';
import { bootstrapProcedures } from './bootstrap/procedures.js';
import { baselineProcedures } from './baselines/procedures.js';
import { geoProcedures } from './geo/procedures.js';
import { internetProcedures } from './internet/procedures.js';
import { statusProcedures } from './status/procedures.js';

/** Infrastructure: one topic folder per concern, each contributing its procedures. */
export const infrastructureRouter = router({
  ...statusProcedures,
  ...internetProcedures,
  ...baselineProcedures,
  ...geoProcedures,
  ...bootstrapProcedures,
  ...cableProcedures,
});
