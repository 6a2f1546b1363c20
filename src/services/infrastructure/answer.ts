import { markDegraded, type RequestContext } from '../../trpc/context.js';

/** Answer plus whether it is a fallback the body cannot flag (the contract has no flag field). */
export interface Answer<T> {
  body: T;
  degraded: boolean;
}

/** Returns the body, flagging a fallback through the context so it is served no-store. */
export function settle<T>(ctx: RequestContext, answer: Answer<T>): T {
  if (answer.degraded) markDegraded(ctx);
  return answer.body;
}
