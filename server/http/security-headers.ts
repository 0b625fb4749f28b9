// Security headers on every answer: HTML, static assets, API (docs/security-auth.md). @fastify/helmet
// sets the standard set with a Content-Security-Policy that allows exactly what the browser app uses;
// this module adds what helmet leaves out (Permissions-Policy, HSTS only over HTTPS) and
// `Cache-Control: no-store` on API answers that set no caching of their own.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './paths';

/** The Tianditu tile hosts (src/features/large-screen/map/tianditu.ts: https://t{0-7}.tianditu.gov.cn). */
export const TIANDITU_TILE_HOSTS = Array.from({ length: 8 }, (_, i) => `https://t${i}.tianditu.gov.cn`);

/** Browser features the console never uses are denied; fullscreen is the large screens' own (§8). */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
  // The video players start muted by themselves (docs/video.md).
  'autoplay=(self)',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Origins of media servers whose HLS the cameras play (docs/video.md, `VIDEO_MEDIA_HOSTS`, comma-separated
 * `https://host[:port]`): allowed to load playlists and segments from. Anything else in the list is dropped.
 */
export const mediaHostsOf = (value = process.env.VIDEO_MEDIA_HOSTS ?? ''): string[] =>
  value
    .split(',')
    .map((h) => h.trim().replace(/\/+$/, ''))
    .filter((h) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(h));

export type SecurityHeaderOptions = { tiandituTiles: boolean; mediaHosts?: readonly string[] };

/** The CSP directives: scripts self only; styles also inline (antd's CSS-in-JS writes <style> tags). */
export const cspDirectives = ({ tiandituTiles, mediaHosts = [] }: SecurityHeaderOptions): Record<string, string[]> => ({
  'default-src': ["'self'"],
  // 'wasm-unsafe-eval': the BIM viewer compiles web-ifc's WebAssembly (served from here); no JS eval.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', ...(tiandituTiles ? TIANDITU_TILE_HOSTS : [])],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", ...mediaHosts],
  // hls.js plays through Media Source Extensions: the video element's source is a blob: address.
  'media-src': ["'self'", 'blob:', ...mediaHosts],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

export async function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Tianditu tiles are cross-origin images without CORP headers: no require-corp embedding policy.
    crossOriginEmbedderPolicy: false,
    // Over plain HTTP a Strict-Transport-Security header is meaningless; sent below only over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // request.protocol honours X-Forwarded-Proto from a trusted proxy (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
