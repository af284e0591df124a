/**
 * Single sign-on: the `t` address parameter is a JWT signed by the provincial identity provider.
 * Its signature is checked against the provider's keys (a JWKS address or a PEM public key),
 * with issuer and audience. Without a configured provider the demo key in the data directory
 * plays that part, so `npm run sso:link -- person1` can mint a working address.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  createRemoteJWKSet,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  jwtVerify,
  SignJWT,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import type { AppConfig } from '../../config.js';

const ALG = 'ES256';

import type { SsoIdentity, SsoVerifier } from '../../lib/ports.js';

export type { SsoIdentity, SsoVerifier };

/** Loads the demo key pair, creating it on first use. */
export async function demoKeyPair(keyFile: string): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> {
  if (!fs.existsSync(keyFile)) {
    const { privateKey } = await generateKeyPair(ALG, { extractable: true });
    fs.mkdirSync(path.dirname(keyFile), { recursive: true });
    fs.writeFileSync(keyFile, await exportPKCS8(privateKey), { mode: 0o600 });
  }
  const pem = fs.readFileSync(keyFile, 'utf8');
  const privateKey = await importPKCS8(pem, ALG, { extractable: true });
  const jwk = await crypto.subtle.exportKey('jwk', privateKey);
  const { d: _d, ...publicJwk } = jwk;
  const publicKey = (await crypto.subtle.importKey(
    'jwk',
    { ...publicJwk, key_ops: ['verify'] },
    { name: 'ECDSA', namedCurve: 'P-256' },
    true,
    ['verify'],
  )) as CryptoKey;
  return { privateKey, publicKey };
}

export async function demoPublicKeyPem(keyFile: string): Promise<string> {
  const { publicKey } = await demoKeyPair(keyFile);
  return exportSPKI(publicKey);
}

/** Mints a sign-in token as the identity provider would (demo provider and tests). */
export async function signSsoToken(
  privateKey: CryptoKey,
  opts: { loginName: string; issuer: string; audience: string; ttlSeconds?: number; now?: Date },
): Promise<string> {
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return (
    new SignJWT({ preferred_username: opts.loginName })
      .setProtectedHeader({ alg: ALG })
      // Each address the demo provider mints is a new token, as a real provider's are.
      .setJti(randomUUID())
      .setSubject(opts.loginName)
      .setIssuer(opts.issuer)
      .setAudience(opts.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (opts.ttlSeconds ?? 300))
      .sign(privateKey)
  );
}

export async function createSsoVerifier(config: AppConfig): Promise<SsoVerifier> {
  const { issuer, audience } = config.sso;
  // exp is required: a token is single use only until it expires (its row in sso_token_use goes then).
  const options = { issuer, audience, algorithms: [ALG, 'RS256'], requiredClaims: ['exp'] };
  let check: (token: string, now: Date) => Promise<{ payload: JWTPayload }>;
  if (config.sso.jwksUrl) {
    const jwks = createRemoteJWKSet(new URL(config.sso.jwksUrl));
    check = (token, now) => jwtVerify(token, jwks, { ...options, currentDate: now });
  } else {
    const key = config.sso.publicKeyPem
      ? await importSPKI(config.sso.publicKeyPem.replace(/\\n/g, '\n'), ALG)
      : (await demoKeyPair(config.sso.demoKeyFile)).publicKey;
    check = (token, now) => jwtVerify(token, key, { ...options, currentDate: now });
  }
  return {
    async verify(token, now) {
      const { payload } = await check(token, now);
      const loginName = typeof payload.preferred_username === 'string' ? payload.preferred_username : payload.sub;
      if (!loginName) throw new Error('令牌缺少用户标识');
      return { loginName, claims: payload };
    },
  };
}
