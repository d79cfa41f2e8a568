import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import { koaBody } from 'koa-body';
import type { ActionDef } from './http/action.ts';
import { apiDispatcher, buildActionTable } from './http/dispatcher.ts';
import { requestContext } from './http/envelope.ts';
import { mockServe } from './http/mockServe.ts';
import { securityHeaders } from './http/security.ts';
import { webApp } from './http/static.ts';
import { allActions } from './routes/index.ts';
import type { Services } from './services.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Smaller answers gain nothing worth the compressor's time and framing. */
const COMPRESS_THRESHOLD_BYTES = 1024;
export const DEFAULT_WEB_DIST = path.resolve(here, '../web/dist');

export interface AppOptions {
  webDistDir?: string;
  /** Extra or replacement actions (tests). */
  actions?: ActionDef[];
}

/** Builds the Koa application. It never listens: `server/main.ts` and the tests do that. */
export function createApp(services: Services, opts: AppOptions = {}): Koa {
  const app = new Koa({ proxy: services.config.TRUST_PROXY });
  const table = buildActionTable(opts.actions ?? allActions);
  const maxBytes = Math.round(services.config.MAX_REQUEST_MB * 1024 * 1024);

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
        await services.db.raw('select 1');
        ctx.body = { status: 'ok' };
      } catch {
        ctx.status = 503;
        ctx.body = { status: 'database unavailable' };
      }
      return;
    }
    return next();
  });

  const body = koaBody({
    multipart: true,
    urlencoded: true,
    json: true,
    text: false,
    jsonStrict: false,
    jsonLimit: maxBytes,
    formLimit: maxBytes,
    textLimit: maxBytes,
    // ShowDoc actions answer any method with parameters anywhere, so GET bodies are parsed too.
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'] as never[],
    formidable: {
      maxFileSize: maxBytes,
      // Empty files reach the action, which names the problem (formidable would throw a bare error).
      allowEmptyFiles: true,
      minFileSize: 0,
      maxTotalFileSize: maxBytes,
      maxFields: 5000,
      maxFieldsSize: maxBytes,
      uploadDir: os.tmpdir(),
      keepExtensions: true,
    },
    onError(err) {
      throw err;
    },
  });
  app.use(mockServe(services));
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/server')) return body(ctx, next);
    return next();
  });
  app.use(apiDispatcher(table, services));
  app.use(webApp(opts.webDistDir ?? DEFAULT_WEB_DIST));
  return app;
}
