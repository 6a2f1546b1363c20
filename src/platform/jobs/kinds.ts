import type { JobHandler } from './queue.js';

/** One kind of background job: its name and a handler built from the app's collaborators (`Deps`). */
export interface JobKind<Deps> {
  kind: string;
  handler: (deps: Deps) => JobHandler;
}
