import { z } from 'zod';

export const SubmitContactRequest = z
  .object({
    email: z.string().max(320).meta({ description: 'Work e-mail address (personal mailbox providers are refused).' }),
    name: z.string().max(500),
    organization: z.string().max(500),
    phone: z.string().max(40),
    message: z.string().max(2000).optional(),
    source: z
      .string()
      .max(100)
      .optional()
      .meta({ description: 'Where the form was shown; default `enterprise-contact`.' }),
    website: z
      .string()
      .max(500)
      .optional()
      .meta({ description: 'Leave empty (a field hidden from people; bots fill it).' }),
    turnstileToken: z
      .string()
      .max(4096)
      .meta({ description: 'Bot-check token of the form (accepted as given: no verifier is configured here).' }),
  })
  .meta({ id: 'leads_v1_SubmitContactRequest', description: 'An enterprise contact request.' });

export type SubmitContactRequest = z.infer<typeof SubmitContactRequest>;

export const SubmitContactResponse = z
  .object({
    status: z.string().meta({ description: '`sent`: the request is stored for the sales team.' }),
    emailSent: z.boolean().meta({ description: 'Always false: this service stores requests and sends no e-mail.' }),
  })
  .meta({ id: 'leads_v1_SubmitContactResponse' });

export type SubmitContactResponse = z.infer<typeof SubmitContactResponse>;

export const RegisterInterestRequest = z
  .object({
    email: z.string().max(320),
    source: z.string().max(100).optional(),
    appVersion: z.string().max(100).optional(),
    referredBy: z.string().max(20).optional().meta({ description: 'Referral code of whoever invited you.' }),
    website: z
      .string()
      .max(500)
      .optional()
      .meta({ description: 'Leave empty (a field hidden from people; bots fill it).' }),
    turnstileToken: z
      .string()
      .max(4096)
      .meta({ description: 'Bot-check token of the form (accepted as given: no verifier is configured here).' }),
  })
  .meta({ id: 'leads_v1_RegisterInterestRequest', description: 'Joining the waitlist.' });

export type RegisterInterestRequest = z.infer<typeof RegisterInterestRequest>;

export const RegisterInterestResponse = z
  .object({
    status: z
      .string()
      .meta({ description: 'Always `registered`, for a new address and one already on the list alike.' }),
    referralCode: z.string().meta({
      description:
        'Your code to share (the same on every call for one address); people who give it in `referredBy` count for you.',
    }),
    referralCount: z
      .number()
      .int()
      .meta({ format: 'int32', description: 'Not disclosed: always 0 (it would tell that the address is listed).' }),
    position: z
      .number()
      .int()
      .meta({ format: 'int32', description: 'Not disclosed: always 0 (it would tell that the address is listed).' }),
    emailSuppressed: z.boolean().meta({ description: 'Always true: no confirmation e-mail is sent by this service.' }),
  })
  .meta({ id: 'leads_v1_RegisterInterestResponse' });

export type RegisterInterestResponse = z.infer<typeof RegisterInterestResponse>;
