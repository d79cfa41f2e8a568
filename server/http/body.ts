import os from 'node:os';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { errors } from '../../core/errors.ts';
import { needsPacing, pacedRequest, type ReadPace } from './pacedBody.ts';

function isTooLarge(err: unknown): boolean {
  const e = err as { status?: number; statusCode?: number; httpCode?: number; type?: string; message?: string };
  return (
    e?.status === 413 ||
    e?.statusCode === 413 ||
    e?.httpCode === 413 ||
    e?.type === 'entity.too.large' ||
    /maxFileSize|maxTotalFileSize|maxFieldsSize|too large|exceeded/i.test(e?.message ?? '')
  );
}

/**
 * Request bodies of the API: form, JSON and multipart, each at most `maxBytes`. Whatever goes
 * wrong while reading a body — broken JSON, a multipart without boundary, bad encoding, too many
 * bytes — is the client's mistake and answers 10400, never a 500. A large body is read at the
 * rate `pace` keeps (BODY_READ_MB_PER_SECOND: server/http/pacedBody.ts); null reads it as it comes.
 */
export function apiBody(maxBytes: number, pace: ReadPace | null = null) {
  const parse = koaBody({
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
  return async function body(ctx: Context, next: Next) {
    let parsed = false;
    // The parsers read `ctx.req`: for a large body, the paced stream stands in for it while they do.
    const request = ctx.req;
    const paced = pace && needsPacing(request) ? pacedRequest(request, pace) : null;
    if (paced) ctx.req = paced.stream;
    try {
      await parse(ctx, async () => {
        parsed = true;
        ctx.req = request;
        await next();
      });
    } catch (err) {
      if (parsed) throw err;
      if (isTooLarge(err)) throw errors.badRequest('The request body or upload is too large', '请求体或上传文件过大');
      throw errors.badRequest('Malformed request body: it could not be parsed', '请求体格式错误，无法解析');
    } finally {
      ctx.req = request;
      paced?.stop();
    }
  };
}
