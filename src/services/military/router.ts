import { router } from '../../trpc/procedures.js';
import { flightProcedures } from './flights/router.js';

/** The military service, composed from its topic folders. */
export const militaryRouter = router({
  ...flightProcedures,
});
