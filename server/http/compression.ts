// Response compression (docs/architecture.md "Delivery"): brotli or gzip, as the client's Accept-Encoding
// allows, for compressible answers of at least MIN_BYTES: JSON envelopes, HTML, scripts, styles, SVG.
// Built assets come precompressed from the build (vite.config.ts precompress, served by @fastify/static
// with preCompressed), so this hook compresses what is made per request and any asset without a
// precompressed sibling. Event streams are hijacked (no onSend) and .xlsx files are zips already.
// node:zlib only: @fastify/compress is not a dependency.
import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
// Quality 5 / level 6: a per-request answer is compressed once; the build's assets use the maximum.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** The encoding to use: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function compressible(reply: FastifyReply): boolean {
  if (reply.getHeader('content-encoding')) return false;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type)) return false;
  const length = Number(reply.getHeader('content-length'));
  return !(Number.isFinite(length) && length < MIN_BYTES);
}

export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304 || payload === null || payload === undefined) return payload;
    if (!compressible(reply)) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply.header('vary', appendVary(reply.getHeader('vary')));
    if (!encoding) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (bytes.length < MIN_BYTES) return payload;
      const packed = encoding === 'br' ? await brotli(bytes, BROTLI) : await gzip(bytes);
      reply.header('content-encoding', encoding).header('content-length', packed.length);
      return packed;
    }
    if (payload instanceof Readable) {
      reply.header('content-encoding', encoding).removeHeader('content-length');
      const packer = encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip();
      return pipeline(payload, packer, (error) => {
        if (error) request.log.warn({ err: error }, 'compressed stream ended early');
      });
    }
    return payload;
  });
}

function appendVary(current: unknown): string {
  const values = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return values.some((v) => v.toLowerCase() === 'accept-encoding') ? values.join(', ') : [...values, 'Accept-Encoding'].join(', ');
}
