// The push contract's cryptography (docs/push.md "Signature" and "AES"), shared by the sender and by any
// receiver (the tests' receiver uses these very functions to check, not to produce, what it gets).
//
// Signature: hex HMAC-SHA256, keyed with the configuration's AppSecret, over the canonical string
//   POST \n <path and query> \n <AppKey> \n <timestamp ms> \n <nonce> \n <idempotency key> \n <hex SHA-256 of the body>
// (seven lines joined by "\n", no trailing newline).
//
// AES (ID numbers where the configuration says 身份证号加密): AES-128-CBC with PKCS#7 padding; the key is the
// first 16 bytes of SHA-256(AppSecret); a fresh random 16-byte IV per value; the field carries
// base64(IV ‖ ciphertext).
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const PUSH_HEADERS = {
  appKey: 'x-app-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
  idempotencyKey: 'x-idempotency-key',
} as const;

export type SignedParts = { path: string; appKey: string; timestamp: string; nonce: string; idempotencyKey: string; body: string };

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export function canonicalString(p: SignedParts): string {
  return ['POST', p.path, p.appKey, p.timestamp, p.nonce, p.idempotencyKey, sha256Hex(p.body)].join('\n');
}

export function signPush(secret: string, p: SignedParts): string {
  return createHmac('sha256', secret).update(canonicalString(p), 'utf8').digest('hex');
}

/** Constant-time check of a received signature. */
export function verifyPush(secret: string, p: SignedParts, signature: string): boolean {
  const expected = Buffer.from(signPush(secret, p), 'hex');
  const got = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

const aesKey = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest().subarray(0, 16);

export function aesEncrypt(secret: string, plain: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', aesKey(secret), iv);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

export function aesDecrypt(secret: string, encoded: string): string {
  const raw = Buffer.from(encoded, 'base64');
  if (raw.length < 32) throw new Error('AES: too short');
  const decipher = createDecipheriv('aes-128-cbc', aesKey(secret), raw.subarray(0, 16));
  return Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8');
}

export const newNonce = (): string => randomBytes(16).toString('hex');
