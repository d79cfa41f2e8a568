import http from 'node:http';
import type { ActionName, Output } from '../../core/api/index.ts';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../../server/config.ts';
import { createApp, type AppOptions } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { createServices, type Services } from '../../server/services.ts';
import { attachLive } from '../../server/live/attach.ts';
import { createTestDatabase, TEST_ENGINE } from './db.ts';
import { testJobEnv } from './jobEnv.ts';
import { testPasswordCostEnv } from './passwordCost.ts';

export interface ApiAnswer<T = any> {
  status: number;
  error_code: number;
  error_message?: string;
  data: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  /** Extra headers (Accept-Language, Cookie, …). */
  headers?: Record<string, string>;
  /** Send as JSON instead of form-encoded. */
  json?: boolean;
  method?: 'GET' | 'POST';
}

export interface TestServer {
  url: string;
  services: Services;
  engine: 'sqlite' | 'pg';
  /**
   * POSTs form-encoded params to `/api/<name>` and returns the parsed envelope. An action with a
   * contract (`core/api/`) answers its typed `data`; params stay open, since tests also send what a
   * client must not.
   */
  call<N extends ActionName>(name: N, params?: Record<string, unknown>, opts?: CallOptions): Promise<ApiAnswer<Output<N>>>;
  /** Any other name (ShowDoc aliases, unknown actions, different casing): `data` is untyped. */
  call<T = any>(name: string, params?: Record<string, unknown>, opts?: CallOptions): Promise<ApiAnswer<T>>;
  /** Raw fetch relative to the server URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions extends AppOptions {
  env?: Record<string, string>;
  /** Receives every log line (JSON), for tests that check what is and is not logged. */
  logLines?: string[];
}

/** Starts the real app on a fresh database (SQLite file or PostgreSQL clone) on a random port. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const tdb = await createTestDatabase();
  const config: Config = loadConfig({
    DATA_DIR: tdb.dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    TIMEZONE: 'UTC',
    ...testPasswordCostEnv,
    ...(tdb.options.engine === 'pg' ? { DATABASE_URL: tdb.options.databaseUrl! } : {}),
    ...testJobEnv,
    ...opts.env,
  });
  const logger = createLogger(config.LOG_LEVEL, false, opts.logLines ? { write: (line: string) => void opts.logLines!.push(line) } : undefined);
  const services = await createServices(config, tdb.db, logger);
  const app = createApp(services, opts);
  const server = http.createServer(app.callback());
  const live = attachLive(server, services);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const doFetch = (path: string, init?: RequestInit) => fetch(url + path, init);
  return {
    url,
    services,
    engine: TEST_ENGINE,
    fetch: doFetch,
    async call(name: string, params: Record<string, unknown> = {}, o: CallOptions = {}): Promise<ApiAnswer> {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers['X-API-Token'] = o.token;
      let res: Response;
      if (o.method === 'GET') {
        const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
        res = await doFetch(`/api/${name}?${qs}`, { headers });
      } else if (o.json) {
        headers['Content-Type'] = 'application/json';
        res = await doFetch(`/api/${name}`, { method: 'POST', headers, body: JSON.stringify(params) });
      } else {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(params)) if (v !== undefined) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
        res = await doFetch(`/api/${name}`, { method: 'POST', headers, body: form });
      }
      const text = await res.text();
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        body = { error_code: -1, error_message: `non-JSON answer: ${text.slice(0, 200)}`, data: text };
      }
      return { status: res.status, headers: res.headers, ...body };
    },
    async close() {
      const stopped = new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await live.close();
      await stopped;
      await services.live.bus.close();
      await services.jobs.close();
      await tdb.drop();
    },
  };
}

export const isPg = TEST_ENGINE === 'pg';
