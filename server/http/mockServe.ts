import type { Context, Next } from 'koa';
import { AppError, ErrorCode } from '../../core/errors.ts';
import { loadReadableItem, loadReadablePage } from '../access/pages.ts';
import { authenticate } from './authenticate.ts';
import { requestLang } from './params.ts';
import { countMockView, findMockByKey, findMockByPath, type MockRow } from '../commands/mocks/mocks.ts';
import { MockTemplateError, renderMockTemplate } from '../commands/mocks/mockTemplate.ts';
import type { Services } from '../services.ts';

/**
 * Serves mock answers outside the API envelope, as ShowDoc does, at /mock-data/{unique_key} and
 * /mock-path/{item_id}?path=/x (apiUrl.ts maps ShowDoc's /server/… and ?s=mock-… forms there).
 * Any method; the request body is ignored. The answer is the rendered template as JSON.
 *
 * A key is a capability link: whoever has it gets the answer. Item ids are sequential, so
 * /mock-path/{item_id} asks for the same access as reading the page (issue #20, part 9): login
 * session (cookie, `X-API-Token`, `user_token`), visit password (grant cookie or `_item_pwd`,
 * throttled) and forced login alike; a public item answers anyone.
 */
type Target = { key: string } | { itemId: number; path: string };

function targetOf(ctx: Context): Target | null {
  const route = ctx.path;
  const data = /^\/mock-data\/([0-9A-Za-z]{1,64})\/?$/.exec(route);
  if (data) return { key: data[1]! };
  const byPath = /^\/mock-path\/(\d{1,10})\/?$/.exec(route);
  if (byPath) {
    const raw = typeof ctx.query.path === 'string' ? ctx.query.path.trim() : '';
    return { itemId: Number(byPath[1]), path: raw && !raw.startsWith('/') ? `/${raw}` : raw };
  }
  return null;
}

function answer(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

export function mockServe(services: Services) {
  return async function serveMock(ctx: Context, next: Next) {
    const target = targetOf(ctx);
    if (!target) return next();
    ctx.state.action = 'mock/serve';
    if (ctx.method === 'OPTIONS') {
      // CORS preflight from a front end under development: allowed, not counted, not rendered.
      ctx.status = 204;
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', ctx.get('access-control-request-headers') || '*');
      ctx.set('Access-Control-Max-Age', '600');
      return;
    }
    let mock: MockRow | null = null;
    if ('key' in target) mock = await findMockByKey(services, target.key);
    else {
      const params: Record<string, unknown> = { ...ctx.query };
      try {
        const { actor } = await authenticate(ctx, params, services);
        // The item first, so a caller who may not read it learns nothing about its paths.
        await loadReadableItem(services, actor, target.itemId);
        if (target.path) mock = await findMockByPath(services, target.itemId, target.path);
        if (mock) await loadReadablePage(services, actor, mock.page_id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        answer(
          ctx,
          err.code === ErrorCode.FAILED ? 404 : 403,
          JSON.stringify({ error_code: err.code, error_message: err.messageIn(requestLang(ctx, params)) }),
        );
        return;
      }
    }
    if (!mock) {
      answer(ctx, 404, JSON.stringify({ error_code: 10404, error_message: 'key' in target ? 'No mock with this key' : 'No mock with this path' }));
      return;
    }
    let body: string;
    try {
      body = await renderMockTemplate(mock.template);
    } catch (err) {
      if (!(err instanceof MockTemplateError)) throw err;
      answer(ctx, 422, JSON.stringify({ error_code: 10100, error_message: `template: ${err.message}` }));
      return;
    }
    await countMockView(services, mock.id);
    answer(ctx, 200, body);
  };
}
