// The one page other sites may frame (docs/share-links.md): /ysyiframe, the shared camera's player. Every
// other answer keeps `frame-ancestors 'none'` and `X-Frame-Options: DENY` (server/http/security-headers.ts);
// this page's answer gets `frame-ancestors` of SHARE_FRAME_ANCESTORS (comma-separated origins
// `https://host[:port]`, default any: the link itself is the right, the page has no action to trick a
// user into) and no X-Frame-Options (which cannot name origins and would win over the CSP in old browsers).
import type { FastifyInstance } from 'fastify';
import { SHARE_PAGES } from '../../common/share';

const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

/** The origins allowed to frame /ysyiframe: the listed ones that are origins, else `*` (any). */
export function frameAncestorsOf(value = process.env.SHARE_FRAME_ANCESTORS ?? ''): string[] {
  const listed = value
    .split(',')
    .map((h) => h.trim().replace(/\/+$/, ''))
    .filter((h) => ORIGIN.test(h));
  return listed.length > 0 ? ["'self'", ...listed] : ['*'];
}

export function installShareFraming(app: FastifyInstance, ancestors: readonly string[] = frameAncestorsOf()): void {
  const page = SHARE_PAGES.camera;
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0].replace(/\/+$/, '');
    if (path !== page) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors.join(' ')}`));
    reply.removeHeader('x-frame-options');
    return payload;
  });
}
