// The device HTTP signature (docs/device-ingestion.md): hex HMAC-SHA256 under the device's key of
// `<timestamp>\n<raw body>`, the timestamp in milliseconds since the epoch. Devices and the simulator sign
// with `signDeviceRequest`; the endpoint verifies in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signDeviceRequest = (key: string, timestamp: string, body: string): string =>
  createHmac('sha256', key).update(`${timestamp}\n${body}`, 'utf8').digest('hex');

export function signatureMatches(key: string, timestamp: string, body: string, signature: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signDeviceRequest(key, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The headers a device sends with a body. */
export function deviceHeaders(code: string, key: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  return {
    'content-type': 'application/json',
    'x-device-code': code,
    'x-timestamp': timestamp,
    'x-signature': signDeviceRequest(key, timestamp, body),
  };
}
