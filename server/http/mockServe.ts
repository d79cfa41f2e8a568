import type { Context, Next } from 'koa';
import { countMockView, findMockByKey, findMockByPath, type MockRow } from '../commands/mocks/mocks.ts';
import { MockTemplateError, renderMockTemplate } from '../commands/mocks/mockTemplate.ts';
import type { Services } from '../services.ts';

/**
 * Serves mock answers outside the API envelope, as ShowDoc does, at /mock-data/{unique_key} and
 * /mock-path/{item_id}?path=/x (apiUrl.ts maps ShowDoc's /server/… and ?s=mock-… forms there).
 * Any method; the request body is ignored. The answer is the rendered template as JSON.
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
    else if (target.path) mock = await findMockByPath(services, target.itemId, target.path);
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
