import { z } from 'zod';
import { LOCALES } from '@parvoz/i18n/locales';
import { localPathSchema } from './settings.ts';
import { userSchema } from './user.ts';
import { reason } from './refusals.ts';

/** An email address as typed: trimmed and lower-cased (accounts are case-insensitive). */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());

/** The 6-digit sign-in code; spaces a user may type in the middle are ignored. */
export const signInCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** POST /v1/auth/code */
export const authCodeRequestSchema = z.object({
  email: emailSchema,
  lang: z.enum(LOCALES).default('en'),
});
export type AuthCodeRequest = z.infer<typeof authCodeRequestSchema>;

/** 202, the same whether or not an account exists for the email (nothing to learn from it). */
export const authCodeResponseSchema = z.object({ data: z.object({ sent: z.literal(true) }) });

/** POST /v1/auth/verify */
export const authVerifySchema = z.object({
  email: emailSchema,
  code: signInCodeSchema,
});
export type AuthVerify = z.infer<typeof authVerifySchema>;

/** The POST /v1/auth/verify body: the code, and the language of an account created by this sign-in. */
export const authVerifyRequestSchema = authVerifySchema.extend({ lang: z.enum(LOCALES).optional() });

/** A signed-in session: the bearer token, when it ends, and the user with their profile settings. */
export const authSessionResponseSchema = z.object({
  data: z.object({ token: z.string(), expires_at: z.string(), user: userSchema }),
});

/** POST /v1/auth/unlock: re-enables code sign-in with the token of the emailed link. */
export const authUnlockSchema = z.object({
  email: emailSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** Why a code was refused (details.reason of an `invalid_code` error). */
export const CODE_REFUSALS = ['wrong', 'expired', 'too_many_attempts', 'suspended'] as const;
export type CodeRefusal = (typeof CODE_REFUSALS)[number];

/** POST /v1/auth/verify: the code refused, and why (a wrong one says how many tries are left). */
export const verifySignInCodeRefusals = {
  invalid_code: [
    reason('wrong', { attempts_left: z.number() }),
    reason('expired'),
    reason('too_many_attempts'),
    reason('suspended'),
  ],
} as const satisfies { invalid_code: readonly z.ZodObject<{ reason: z.ZodLiteral<CodeRefusal> }>[] };

/** POST /v1/auth/unlock: the link's token is not (or no longer) valid. */
export const unlockSignInRefusals = { invalid_code: [reason('expired')] } as const;

/** The sign-in form of the web layer (dialog and page): step "send" then step "verify". */
export const loginFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('send'), email: emailSchema, returnTo: localPathSchema.optional() }),
  z.object({
    intent: z.literal('verify'),
    email: emailSchema,
    code: signInCodeSchema,
    returnTo: localPathSchema.optional(),
  }),
]);
export type LoginForm = z.infer<typeof loginFormSchema>;
