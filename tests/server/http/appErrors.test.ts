import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

describe('errors that escape a request', () => {
  let t: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await startTestServer({ env: { LOG_LEVEL: 'error' }, logLines });
  });
  afterAll(() => t.close());

  it('a client that left mid-answer is not an error; anything else is logged with the request, never printed by Koa', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const app = createApp(t.services);
      const ctx = { method: 'POST', path: '/api/item/info' };
      app.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }), ctx);
      app.emit('error', Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }), ctx);
      expect(logLines).toEqual([]);
      app.emit('error', new Error('disk full'), ctx);
      expect(logLines).toHaveLength(1);
      expect(JSON.parse(logLines[0]!)).toMatchObject({ msg: 'request failed', path: '/api/item/info', method: 'POST', err: { message: 'disk full' } });
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });
});
