import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import Koa from 'koa';
import rootPackage from '../package.json' with { type: 'json' };
import compress from 'koa-compress';
import type { ActionDef } from './http/action.ts';
import { apiBody } from './http/body.ts';
import { ReadPace, PACE_FROM_BYTES } from './http/pacedBody.ts';
import { logAppErrors } from './http/appErrors.ts';
import { apiUrl } from './http/apiUrl.ts';
import { apiRouter } from './http/dispatcher.ts';
import { MenuCache } from './commands/menu/menuCache.ts';
import { requestContext } from './http/envelope.ts';
import { mockServe } from './http/mockServe.ts';
import { mcpEndpoint } from './mcp/endpoint.ts';
import { securityHeaders } from './http/security.ts';
import { webApp } from './http/static.ts';
import { allActions } from './routes/index.ts';
import { forReads, type Services } from './services.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Smaller answers gain nothing worth the compressor's time and framing. */
const COMPRESS_THRESHOLD_BYTES = 1024;
/** The version the MCP server reports to clients. */
const FOLIO_VERSION = (rootPackage as { version: string }).version;
const DEFAULT_WEB_DIST = path.resolve(here, '../web/dist');

export interface AppOptions {
  webDistDir?: string;
  /** Extra or replacement actions (tests). */
  actions?: ActionDef[];
}

/** Builds the Koa application. It never listens: `server/main.ts` and the tests do that. */
export function createApp(services: Services, opts: AppOptions = {}): Koa {
  // Behind proxies the client is the right-most address our own proxies did not add: the
  // left-most X-Forwarded-For entries are whatever the client chose to send.
  const app = new Koa({ proxy: services.config.TRUST_PROXY, maxIpsCount: services.config.TRUST_PROXY_HOPS });
  // The app's per-process caches are built here, not in services.ts, which stays below commands.
  const actionServices = { ...services, menuCache: new MenuCache(services.config.MENU_CACHE_MB * 1024 * 1024) };
  logAppErrors(app, services.logger);
  const readRate = services.config.BODY_READ_MB_PER_SECOND;
  const pace = readRate > 0 ? new ReadPace(readRate * 1024 * 1024, PACE_FROM_BYTES) : null;
  const router = apiRouter(opts.actions ?? allActions, actionServices, apiBody(Math.round(services.config.MAX_REQUEST_MB * 1024 * 1024), pace));

  app.use(requestContext(services.logger));
  app.use(securityHeaders());
  // JSON, HTML, JS and CSS answers above 1 KB go out with brotli or gzip, as the client accepts;
  // bodies that are already encoded (item/info's ready answers, .gz assets) pass through.
  app.use(
    compress({
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodingPreference: ['br', 'gzip', 'identity'],
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      zstd: false,
      deflate: false,
    }),
  );

  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      try {
        // On the read connection: a long import's transaction holding the writer is no outage.
        await forReads(services).db.raw('select 1');
        ctx.body = { status: 'ok' };
      } catch {
        ctx.status = 503;
        ctx.body = { status: 'database unavailable' };
      }
      return;
    }
    return next();
  });

  // ShowDoc's URL forms → /api/<controller>/<action> (or /mock-data/…, /mock-path/…), then the
  // mock answers and the router of the action table.
  // POST /mcp: the MCP server for AI assistants (personal access tokens, no cookies).
  app.use(mcpEndpoint(services, FOLIO_VERSION));
  app.use(apiUrl());
  app.use(mockServe(services));
  app.use(router.routes());
  app.use(webApp(opts.webDistDir ?? DEFAULT_WEB_DIST));
  return app;
}
