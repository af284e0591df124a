/**
 * The outside systems the server talks to, as the app context holds them (server/context.ts). The
 * adapters live in server/modules/auth (log and HTTP SMS senders, the JWT verifier); tests pass
 * their own senders.
 */
import type { JWTPayload } from 'jose';

/** Sends a text message (the SMS gateway, or the log outside production). */
export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

export interface SsoIdentity {
  /** Login name of the user in SafeCert. */
  loginName: string;
  claims: JWTPayload;
}

/** The provincial identity platform's tokens. */
export interface SsoVerifier {
  /** Checks signature, issuer, audience and lifetime at `now` (the server's clock). */
  verify(token: string, now: Date): Promise<SsoIdentity>;
}
