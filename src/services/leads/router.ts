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
          'Adds the address to the waitlist once (a second time answers `already_registered` with the same code) and ' +
          'returns its referral code, place and referral count. Disposable and mistyped addresses are refused. No ' +
          'confirmation e-mail is sent (`emailSuppressed` is always true). At most 5 new addresses per client address per hour.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
    })
    .input(RegisterInterestRequest)
    .output(RegisterInterestResponse)
    .mutation(({ ctx, input }) => registerInterest(ctx, input)),
});
