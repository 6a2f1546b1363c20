import { router } from '../../trpc/procedures.js';

export const researchRouter = router({});
