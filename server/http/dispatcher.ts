import fs from 'node:fs/promises';
import { Router } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import { errors } from '../../core/errors.ts';
import { isAdmin, tokenGrant } from '../policies/actor.ts';
import { tokenMayCall } from '../policies/token.ts';
import { forReads } from '../services.ts';
import { RawResponse, type ActionDef, type AppServices } from './action.ts';
import { actionPath } from './apiUrl.ts';
import { authenticate, tokenFromRequest } from './authenticate.ts';
import { assertNoControlCharacters } from '../../core/controlChars.ts';
import { Precompressed } from '../precompress.ts';
import { sendPrecompressed } from './precompressed.ts';
import { collectFiles, mergeParams, requestLang } from './params.ts';
import { assertSameOriginWrite } from './requestOrigin.ts';
import { describeIssues } from '../../core/api/schema.ts';
import { denials } from '../access/denials.ts';
import { loadDeclared, type ActionLoads, type LoadedFor } from '../access/actionLoads.ts';

/** Methods a write answers; the safe ones get 405 (a link or image must never change anything). */
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * The API router: every action of the route table at `/api/<controller>/<action>` (the form
 * apiUrl.ts normalises ShowDoc's URLs to). Reads answer any method; writes answer POST (and the
 * other unsafe methods) and refuse GET/HEAD/OPTIONS with 405, 10400, `Allow: POST`. A path no
 * action matches falls through and the envelope answers 10404.
 *
 * `body` parses the request body of matched actions only; uploaded temp files never outlive the
 * request (actions copy what they keep).
 */
export function apiRouter(actions: ActionDef[], services: AppServices, body: Middleware): Router {
  const router = new Router();
  router.use(body);
  router.use(async (ctx: Context, next: Next) => {
    try {
      await next();
    } finally {
      await Promise.all(collectFiles(ctx).map((f) => fs.rm(f.filepath, { force: true }).catch(() => undefined)));
    }
  });
  const paths = new Set<string>();
  for (const def of actions) {
    const path = actionPath(def.name);
    if (paths.has(path)) throw new Error(`Duplicate action ${def.name}`);
    paths.add(path);
    if (def.writes) {
      router.register(path, WRITE_METHODS, dispatch(def, services));
      router.register(path, SAFE_METHODS, (ctx: Context) => {
        ctx.state.action = def.name;
        ctx.set('Allow', 'POST');
        throw errors.writeNeedsPost(def.name);
      });
    } else router.all(path, dispatch(def, services));
  }
  return router;
}

/**
 * One action: params → auth level → zod → declared loads and rights → handler (command, presenter) → envelope.
 * Every answer is `{error_code, error_message?, data?}`; errors are thrown as AppError and
 * written by the envelope middleware.
 */
function dispatch(def: ActionDef, allServices: AppServices) {
  // A read runs on the read handle: on SQLite it goes on answering while a write transaction runs.
  const services = def.writes ? allServices : forReads(allServices);
  return async function runAction(ctx: Context) {
    ctx.state.action = def.name;
    const params = mergeParams(ctx, (ctx.state.pathPairs as Record<string, string> | undefined) ?? {});
    const lang = requestLang(ctx, params);
    ctx.state.lang = lang;
    const files = collectFiles(ctx);
    if (def.writes) assertSameOriginWrite(ctx, def, tokenFromRequest(ctx, params)?.source ?? null, services.config.SITE_URL);
    assertNoControlCharacters(params);
    assertNoControlCharacters(Object.fromEntries(files.map((f) => [f.field, f.originalFilename])));
    const auth = await authenticate(ctx, params, services);
    ctx.state.uid = auth.actor.kind === 'user' ? auth.actor.uid : 0;
    if (def.auth !== 'public' && auth.actor.kind !== 'user') throw denials.notLoggedIn(auth.invalidToken ? 'invalid' : 'missing');
    if (def.auth === 'admin' && !isAdmin(auth.actor)) throw denials.adminRequired();
    const grant = tokenGrant(auth.actor);
    if (grant && !tokenMayCall(grant, def)) throw denials.tokenRefused(def.name);

    const parsed = def.input.safeParse(params);
    if (!parsed.success) throw errors.validation(describeIssues(parsed.error as z.ZodError));

    const input = parsed.data as Record<string, unknown>;
    // An action without `load` gets no rows; the cast meets ActionDef's widest declaration.
    const loaded = (def.load ? await loadDeclared(services, auth.actor, def.load, input) : {}) as LoadedFor<ActionLoads>;
    const result = await def.handle({
      input,
      loaded,
      actor: auth.actor,
      services,
      lang,
      requestId: ctx.state.requestId as string,
      ip: ctx.ip,
      files,
      params,
      koa: ctx,
    });
    if (result instanceof Precompressed) {
      sendPrecompressed(ctx, result);
      return;
    }
    if (result instanceof RawResponse) {
      const { body, opts } = result;
      if (opts.redirect) {
        ctx.redirect(opts.redirect);
        return;
      }
      ctx.status = opts.status ?? 200;
      for (const [k, v] of Object.entries(opts.headers ?? {})) ctx.set(k, v);
      if (opts.type) ctx.type = opts.type;
      ctx.body = body;
      return;
    }
    ctx.status = 200;
    ctx.body = { error_code: 0, data: result === undefined ? [] : result };
  };
}
