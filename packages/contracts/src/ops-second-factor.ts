/**
 * The console's second factor (/v1/ops/second-factor, docs/decisions/0023-console-second-factor.md): passkeys, authenticator apps and
 * recovery codes. An admin, or an operator who enrolled a factor, whose session has not passed it gets
 * `second_factor_required` (403) from every other console endpoint but `/v1/ops/me`. The rules are in
 * packages/core/src/second-factor.ts.
 */
import { z } from 'zod';

/** Where the session stands (core `SecondFactorStatus`). */
export const SECOND_FACTOR_STATUSES = ['verified', 'verify', 'enrol', 'optional'] as const;
export const secondFactorStatusSchema = z.enum(SECOND_FACTOR_STATUSES);
export type SecondFactorStatusName = z.infer<typeof secondFactorStatusSchema>;

export const SECOND_FACTOR_KIND_NAMES = ['passkey', 'totp'] as const;

const instant = z.iso.datetime();

/** The name a staff member gives a factor ("Laptop", "Phone"). */
export const factorNameSchema = z.string().trim().min(1).max(60);

/** A JSON object passed through to or from the browser's WebAuthn call (checked by the WebAuthn library). */
const webAuthnJsonSchema = z.record(z.string(), z.unknown());

export const opsSecondFactorSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SECOND_FACTOR_KIND_NAMES),
  name: z.string(),
  created_at: instant,
  last_used_at: instant.nullable(),
});
export type OpsSecondFactor = z.infer<typeof opsSecondFactorSchema>;

/** GET /v1/ops/second-factor: the session's status, what this site can offer, and the person's factors. */
export const opsSecondFactorStateResponseSchema = z.object({
  data: z.object({
    status: secondFactorStatusSchema,
    /** Whether the site's public origin allows passkeys; if not, why (an IP address, plain http). */
    passkeys: z.object({
      available: z.boolean(),
      reason: z.enum(['ip_address', 'insecure_origin']).nullable(),
    }),
    factors: z.array(opsSecondFactorSchema),
    recovery_codes_left: z.number().int().min(0),
  }),
});
export type OpsSecondFactorState = z.infer<typeof opsSecondFactorStateResponseSchema>['data'];

/** The options to hand to the browser's WebAuthn call (from @simplewebauthn/server), as JSON. */
export const opsPasskeyOptionsResponseSchema = z.object({ data: z.object({ options: webAuthnJsonSchema }) });

/** POST /v1/ops/second-factor/passkeys: the browser's registration answer, with a name. */
export const opsPasskeyRegisterSchema = z.object({ name: factorNameSchema, response: webAuthnJsonSchema });

/** POST /v1/ops/second-factor/totp/setup: a new secret for an authenticator app (kept 5 minutes). */
export const opsTotpSetupResponseSchema = z.object({
  data: z.object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    /** otpauth://totp/… (what the QR code holds). */
    uri: z.string(),
    /** The QR code as an SVG document. */
    qr_svg: z.string(),
  }),
});

/** A code from an authenticator app as typed (spaces allowed). */
const totpCodeSchema = z.string().trim().min(6).max(12);
/** A recovery code as typed (`xxxxx-xxxxx`, any case, spaces allowed). */
const recoveryCodeInputSchema = z.string().trim().min(10).max(30);

/** POST /v1/ops/second-factor/totp: the app's current code proves it holds the secret. */
export const opsTotpEnrolSchema = z.object({ name: factorNameSchema, code: totpCodeSchema });

/** A factor enrolled (201): the first one also brings the recovery codes, shown this once. */
export const opsEnrolResponseSchema = z.object({
  data: z.object({
    factor: opsSecondFactorSchema,
    recovery_codes: z.array(z.string()).nullable(),
  }),
});

/** POST /v1/ops/second-factor/verify: a passkey's answer, an authenticator code or a recovery code. */
export const opsSecondFactorVerifySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('passkey'), response: webAuthnJsonSchema }),
  z.object({ method: z.literal('totp'), code: totpCodeSchema }),
  z.object({ method: z.literal('recovery_code'), code: recoveryCodeInputSchema }),
]);
export type OpsSecondFactorVerify = z.infer<typeof opsSecondFactorVerifySchema>;

export const opsSecondFactorVerifyResponseSchema = z.object({
  data: z.object({ verified: z.literal(true), recovery_codes_left: z.number().int().min(0) }),
});

export const opsSecondFactorParamsSchema = z.object({ id: z.uuid() });

/** POST /v1/ops/second-factor/recovery-codes: ten new codes, replacing the old ones, shown this once. */
export const opsRecoveryCodesResponseSchema = z.object({
  data: z.object({ recovery_codes: z.array(z.string()) }),
});
