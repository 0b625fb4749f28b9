// Bearer and service tokens (architecture §6): 32 random bytes, base64url; only the SHA-256 is stored,
// so a leaked database does not leak usable tokens.
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
