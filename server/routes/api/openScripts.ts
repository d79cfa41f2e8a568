import { z } from 'zod';
import { AppError, ErrorCode, errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import { apiWriterOf, authorizeApiCall } from '../../access/apiKeys.ts';
import { historyLimitFor } from '../../commands/pages/history.ts';
import { parseCatalogPath } from '../../commands/sync/catalogPaths.ts';
import { assertContentSize } from '../../commands/sync/limits.ts';
import { upsertPagesByTitle } from '../../commands/sync/upsertPageByTitle.ts';
import { action, raw, type ActionContext, type ActionDef, type RawResponse } from '../../http/action.ts';
import { zInt, zText } from '../../../core/api/schema.ts';
import * as contracts from '../../../core/api/openScripts.ts';

/**
 * `open/fromComments` and `open/updateDbItem`: what ShowDoc's `showdoc_api.sh` and
 * `showdoc_db.sh` call. Those scripts echo the answer, so it is plain text like ShowDoc's
 * (`成功`, `失败`, `api_key或者api_token不匹配`); the precise error code and an English reason go
 * in `X-Folio-Error-Code` / `X-Folio-Error` headers for anyone who looks.
 */
const SUCCESS = '成功';
const FAILURE = '失败';

async function plainText(ctx: ActionContext<unknown>, work: () => Promise<number>): Promise<RawResponse> {
  try {
    const written = await work();
    return raw(written > 0 ? SUCCESS : FAILURE, { type: 'text/plain; charset=utf-8', headers: { 'X-Folio-Pages-Written': String(written) } });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const text = err.code === ErrorCode.API_KEY_MISMATCH ? 'api_key或者api_token不匹配' : FAILURE;
    ctx.services.logger.info({ code: err.code, reason: err.message, action: 'open script' }, 'open script refused');
    return raw(text, {
      type: 'text/plain; charset=utf-8',
      status: err.httpStatus,
      headers: { 'X-Folio-Error-Code': String(err.code), 'X-Folio-Error': encodeURIComponent(err.message) },
    });
  }
}

export const scriptActions: ActionDef[] = [
  action(contracts.openFromComments, {
    auth: 'public',
    writes: true,
    handle(ctx) {
      return plainText(ctx, async () => {
        const { input, services } = ctx;
        const item = await authorizeApiCall(services, input, { write: true, actor: ctx.actor });
        const content = typeof input.content === 'string' ? input.content : '';
        if (!content.trim()) throw errors.validation('content: is required');
        const { parseShowDocComments } = await import('../../../importers/comments.ts');
        const pages = parseShowDocComments(content);
        if (!pages.length) throw errors.validation('content: no /** … */ block holds both @title and "showdoc"');
        for (const p of pages) assertContentSize('content', p.content);
        const historyLimit = await historyLimitFor(services);
        const written = await upsertPagesByTitle(
          services,
          pages.map((p) => ({
            itemId: item.item_id,
            catPath: p.catalogPath,
            title: p.title,
            content: p.content,
            sNumber: p.order,
            historyLimit,
            author: apiWriterOf(ctx.actor, input),
          })),
        );
        return written.length;
      });
    },
  }),

  action(contracts.openUpdateDbItem, {
    auth: 'public',
    writes: true,
    handle(ctx) {
      return plainText(ctx, async () => {
        const { services } = ctx;
        const item = await authorizeApiCall(services, ctx.input, { write: true, actor: ctx.actor });
        const parsed = z
          .object({
            table_info: zText(MAX.pageContent * 4),
            table_detail: zText(MAX.pageContent * 4),
            table_index: zText(MAX.pageContent * 4),
            cat_name: zText(2000),
            s_number: zInt(-1_000_000_000, 1_000_000_000).optional(),
          })
          .safeParse(ctx.input);
        if (!parsed.success) throw errors.validation(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        const input = parsed.data;
        if (!input.table_detail.trim()) throw errors.validation('table_detail: is required');
        const { parseDataDictionary } = await import('../../../importers/dataDictionary.ts');
        const pages = parseDataDictionary({ tableInfo: input.table_info, tableDetail: input.table_detail, tableIndex: input.table_index });
        if (!pages.length) throw errors.validation('table_detail: no table rows below the header');
        const catPath = parseCatalogPath(input.cat_name);
        const historyLimit = await historyLimitFor(services);
        const written = await upsertPagesByTitle(
          services,
          pages.map((p) => ({
            itemId: item.item_id,
            catPath,
            title: p.title,
            content: p.content,
            sNumber: input.s_number,
            historyLimit,
            author: apiWriterOf(ctx.actor, ctx.input),
          })),
        );
        return written.length;
      });
    },
  }),
];
