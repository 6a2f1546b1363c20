import { operation, router } from '../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../platform/batch/idempotency-headers.js';
import {
  RegisterInterestRequest,
  RegisterInterestResponse,
  SubmitContactRequest,
  SubmitContactResponse,
} from './schemas.js';
import { registerInterest, submitContact } from './submissions.js';

export const leadsRouter = router({
  submitContact: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/leads/v1/submit-contact',
        operationId: 'SubmitContact',
        tags: ['leads'],
        summary: 'Send an enterprise contact request',
        description:
          'Validates and stores the request for operators (`mds leads contacts`); no e-mail is sent, so `emailSent` is ' +
          'always false. Work addresses only (personal mailbox providers get 422). At most 3 requests per client ' +
          'address per hour; the stored inbox keeps the latest 50,000.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
    })
    .input(SubmitContactRequest)
    .output(SubmitContactResponse)
    .mutation(({ ctx, input }) => submitContact(ctx, input)),

  registerInterest: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/leads/v1/register-interest',
        operationId: 'RegisterInterest',
        tags: ['leads'],
        summary: 'Join the waitlist',
        description:
          'Adds the address to the waitlist once and returns its referral code. The answer is the same whether the ' +
          'address was new or already listed (`status` is always `registered`; `position` and `referralCount` are ' +
          'not disclosed and always 0), so the list cannot be probed. Disposable and mistyped addresses are refused. ' +
          'No confirmation e-mail is sent (`emailSuppressed` is always true). At most 5 attempts per client address ' +
          'per hour, whether or not the address was listed.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
    })
    .input(RegisterInterestRequest)
    .output(RegisterInterestResponse)
    .mutation(({ ctx, input }) => registerInterest(ctx, input)),
});
