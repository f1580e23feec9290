/**
 * Passkeys (WebAuthn) through @simplewebauthn/server v14. The relying party is the site's public origin
 * (`publicOrigin()`, never a request header): its host name is the RP id, the origin itself the expected
 * origin of every answer. No attestation is asked for (a console needs to know the key, not its maker);
 * user verification is preferred, not required (a security key without a PIN still proves possession).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { schema } from '@parvoz/db';
import { passkeyOrigin } from '@parvoz/core/second-factor';
import { ApiFailure } from '../errors.ts';

export type RelyingParty = { rpId: string; origin: string };
export type StoredPasskey = {
  credentialId: string;
  publicKey: Buffer;
  signCount: number;
  transports: string[] | null;
};

/** The relying party of the site's public origin; refused where passkeys cannot work (an IP address, http). */
export function relyingParty(origin: string): RelyingParty {
  const passkeys = passkeyOrigin(origin);
  if (!passkeys.available)
    throw new ApiFailure('unprocessable', 'Passkeys cannot be used on this site address.', {
      reason:
        passkeys.reason === 'ip_address'
          ? 'passkeys_unavailable_ip_address'
          : 'passkeys_unavailable_insecure_origin',
    });
  return { rpId: passkeys.rpId, origin: new URL(origin).origin };
}

/** A passkey factor's row as the WebAuthn calls take it. */
export const storedPasskey = (row: typeof schema.secondFactors.$inferSelect): StoredPasskey => ({
  credentialId: row.credentialId!,
  publicKey: row.publicKey!,
  signCount: row.signCount ?? 0,
  transports: row.transports,
});

/** The WebAuthn user handle: the account's UUID as bytes, so one authenticator keeps one passkey per person. */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));
}

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string },
  existing: readonly StoredPasskey[],
) {
  return generateRegistrationOptions({
    rpName: 'Parvoz',
    rpID: rp.rpId,
    userName: user.email,
    userID: userHandle(user.id),
    userDisplayName: user.email,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      ...(p.transports ? { transports: p.transports } : {}),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new credential, or null when the answer is not one for this challenge, origin and RP id. */
export async function verifyRegistration(rp: RelyingParty, response: unknown, expectedChallenge: string) {
  try {
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
    if (!verified.verified) return null;
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? null,
    };
  } catch {
    return null;
  }
}

export async function authenticationOptions(rp: RelyingParty, passkeys: readonly StoredPasskey[]) {
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    allowCredentials: passkeys.map((p) => ({
      id: p.credentialId,
      ...(p.transports ? { transports: p.transports } : {}),
    })),
    userVerification: 'preferred',
  });
}

/** The answer's credential id (to find the stored passkey), or null when it has none. */
export function answeredCredentialId(response: unknown): string | null {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 1024 ? id : null;
}

/** The new signature counter when the answer is this passkey's for this challenge, else null. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  passkey: StoredPasskey,
): Promise<number | null> {
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.signCount,
        ...(passkey.transports ? { transports: passkey.transports } : {}),
      },
      requireUserVerification: false,
    });
    return verified.verified ? verified.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
