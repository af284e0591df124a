/** Prints a sign-in address with a fresh SSO token `t` signed by the demo identity provider: npm run sso:link -- person1 */
import { loadConfig } from '../server/config.js';
import { demoKeyPair, signSsoToken } from '../server/modules/auth/sso.js';

const loginName = process.argv[2];
if (!loginName) {
  console.error('Usage: npm run sso:link -- <loginName>');
  process.exit(2);
}
const config = loadConfig();
if (config.sso.jwksUrl || config.sso.publicKeyPem) {
  console.error(
    'An identity provider is configured (SSO_JWKS_URL / SSO_PUBLIC_KEY_PEM): sign-in addresses come from it, not from the demo key.',
  );
  process.exit(2);
}
const { privateKey } = await demoKeyPair(config.sso.demoKeyFile);
const t = await signSsoToken(privateKey, {
  loginName,
  issuer: config.sso.issuer,
  audience: config.sso.audience,
  ttlSeconds: 600,
});
const base = process.env.PUBLIC_URL ?? `http://localhost:${config.port}`;
console.log(`${base}/dashboard?t=${t}`);
