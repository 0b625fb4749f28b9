// The error handler alone: an unexpected error is a 500 with the fixed Chinese text; the stack is
// logged on the server and never sent.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../server/http/error-handler';

describe('error handler', () => {
  it('turns an unexpected error into 500 服务器繁忙 with the request id and logs the stack', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
    installErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('database exploded at secret.internal:5432');
    });
    const reply = await app.inject({ method: 'GET', url: '/boom' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ status: 0, detail: '服务器繁忙，请稍后重试', requestId: 'req-1' });
    expect(reply.body).not.toContain('secret');
    expect(lines.join('')).toContain('database exploded');
    expect(lines.join('')).toContain('"stack"');
    await app.close();
  });
});
