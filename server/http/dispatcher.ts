import fs from 'node:fs/promises';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { errors } from '../../core/errors.ts';
import { isAdmin } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { RawResponse, type ActionDef } from './action.ts';
import { authenticate, tokenFromRequest } from './authenticate.ts';
import { assertNoControlCharacters } from './controlChars.ts';
import { Precompressed, sendPrecompressed } from './precompressed.ts';
import { collectFiles, mergeParams, normaliseName, requestLang, resolveApiPath } from './params.ts';
import { assertWriteAllowed } from './requestOrigin.ts';
import { describeIssues } from './schema.ts';

export type ActionTable = Map<string, ActionDef>;

export function buildActionTable(actions: ActionDef[]): ActionTable {
  const table: ActionTable = new Map();
  for (const a of actions) {
    const [controller, action] = a.name.split('/');
    const key = `${normaliseName(controller!)}/${normaliseName(action!)}`;
    if (table.has(key)) throw new Error(`Duplicate action ${a.name}`);
    table.set(key, a);
  }
  return table;
}

/**
 * The API dispatcher: path → params → auth → validate → handler → envelope.
 * Every answer is `{error_code, error_message?, data?}`; errors are thrown as AppError and
 * written by the envelope middleware.
 */
export function apiDispatcher(table: ActionTable, services: Services) {
  return async function dispatch(ctx: Context, next: Next) {
    const target = resolveApiPath(ctx.path, ctx.query as Record<string, unknown>);
    if (target === null) return next();
    ctx.state.isApi = true;
    if (target === 'malformed') throw errors.unknownRoute();
    const def = table.get(`${target.controller}/${target.action}`);
    if (!def) throw errors.unknownRoute();
    ctx.state.action = def.name;

    const params = mergeParams(ctx, target.pathPairs);
    const lang = requestLang(ctx, params);
    ctx.state.lang = lang;
    const files = collectFiles(ctx);
    try {
      assertWriteAllowed(ctx, def, tokenFromRequest(ctx, params)?.source ?? null, services.config.SITE_URL);
      assertNoControlCharacters(params);
      assertNoControlCharacters(Object.fromEntries(files.map((f) => [f.field, f.originalFilename])));
      const auth = await authenticate(ctx, params, services);
      ctx.state.uid = auth.actor.kind === 'user' ? auth.actor.uid : 0;
      if (def.auth !== 'public' && auth.actor.kind !== 'user') throw errors.notLoggedIn(auth.invalidToken ? 'invalid' : 'missing');
      if (def.auth === 'admin' && !isAdmin(auth.actor)) throw errors.adminRequired();

      const parsed = def.input.safeParse(params);
      if (!parsed.success) throw errors.validation(describeIssues(parsed.error as z.ZodError));

      const result = await def.handle({
        input: parsed.data,
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
    } finally {
      // Uploaded temp files never outlive the request (actions copy what they keep).
      await Promise.all(files.map((f) => fs.rm(f.filepath, { force: true }).catch(() => undefined)));
    }
  };
}
