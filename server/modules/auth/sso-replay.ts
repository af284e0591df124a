/**
 * Single-sign-on tokens are single use across every API process: the first sign-in with a token
 * writes its row in sso_token_use under a unique key, and a second one (in this process or
 * another on the same database) finds it there and is refused.
 */
import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { ssoTokenUse } from '../../db/schema.js';
import type { SsoIdentity } from '../../lib/ports.js';
import { sha256 } from '../../lib/tokens.js';

/**
 * The token's identity: its jti under its issuer when it has one, else its signed part
 * (header.payload). Never the whole text: an ECDSA signature can be rewritten into a second valid
 * one (s → n − s), which would make the same token look new.
 */
export function ssoTokenKey(token: string, identity: SsoIdentity): string {
  const { jti, iss } = identity.claims;
  if (typeof jti === 'string' && jti) return sha256(`jti:${iss ?? ''}:${jti}`);
  return sha256(token.split('.').slice(0, 2).join('.'));
}

/** Rows of expired tokens go at most once a minute per process, in passing. */
const SWEEP_EVERY_MS = 60_000;
let lastSweepMs = Number.NEGATIVE_INFINITY;

/** Records this use of the token; false when it was used before (a replay). */
export async function claimSsoToken(
  ctx: AppContext,
  token: string,
  identity: SsoIdentity,
  ip: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  // The verifier requires exp; a token without one is refused before it gets here.
  const expiresAt = new Date((identity.claims.exp ?? 0) * 1000);
  const used = await ctx.db
    .insert(ssoTokenUse)
    .values({
      tokenKey: ssoTokenKey(token, identity),
      loginName: identity.loginName.slice(0, 64),
      usedAt: now,
      expiresAt,
      ip: ip.slice(0, 64),
    })
    .onConflictDoNothing()
    .returning({ key: ssoTokenUse.tokenKey });
  if (now.getTime() - lastSweepMs >= SWEEP_EVERY_MS) {
    lastSweepMs = now.getTime();
    await ctx.db.delete(ssoTokenUse).where(lt(ssoTokenUse.expiresAt, now));
  }
  return used.length === 1;
}
