/** Opaque random tokens; only their sha256 is ever stored. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
