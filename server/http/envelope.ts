import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import { AppError, errors, type Lang } from '../../core/errors.ts';
import { isConnectionLoss } from '../db/connectionLoss.ts';
import type { Logger } from '../logger.ts';

/**
 * Outermost middleware: gives each request an id and a child logger, logs it once, and writes
 * every error as the envelope. No stack trace, SQL or path ever reaches a client: unknown
 * errors become 10500 with the request id, and the detail goes to the log.
 */
export function requestContext(logger: Logger) {
  return async function envelope(ctx: Context, next: Next) {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w-]{6,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const log = logger.child({ reqId: requestId });
    ctx.state.log = log;
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.state.isApi) throw errors.unknownRoute();
    } catch (err) {
      const appError = toAppError(err, requestId, log);
      const lang: Lang = ctx.state.lang ?? ((ctx.get('accept-language') || '').toLowerCase().startsWith('zh') ? 'zh' : 'en');
      ctx.status = appError.httpStatus;
      if (appError.code === 10429 && appError.data && typeof appError.data === 'object') {
        ctx.set('Retry-After', String((appError.data as { retry_after: number }).retry_after));
      }
      ctx.type = 'application/json';
      ctx.body = { error_code: appError.code, error_message: appError.messageIn(lang), ...(appError.data !== undefined ? { data: appError.data } : {}) };
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info(
        {
          method: ctx.method,
          path: ctx.path,
          action: ctx.state.action,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          uid: ctx.state.uid || undefined,
          code: (ctx.body as { error_code?: number } | undefined)?.error_code,
        },
        'request',
      );
    }
  };
}

function toAppError(err: unknown, requestId: string, log: Logger): AppError {
  if (err instanceof AppError) return err;
  const e = err as { status?: number; statusCode?: number; type?: string; message?: string; expose?: boolean };
  const status = e?.status ?? e?.statusCode;
  if (status === 413 || e?.type === 'entity.too.large' || /maxFileSize|maxTotalFileSize|too large|exceeded/i.test(e?.message ?? '')) {
    return errors.badRequest('The request body or upload is too large', '请求体或上传文件过大');
  }
  if (status === 400 || e?.type === 'entity.parse.failed') {
    return errors.badRequest('Malformed request body: it could not be parsed', '请求体格式错误，无法解析');
  }
  if (status === 415) return errors.badRequest('Unsupported content type', '不支持的内容类型');
  if (isConnectionLoss(err)) {
    log.warn({ err }, 'database connection lost');
    return errors.databaseUnavailable(requestId);
  }
  log.error({ err }, 'unhandled error');
  return errors.server(requestId);
}
