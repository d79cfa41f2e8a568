import type { Context } from 'koa';
import type { Lang } from '../../core/errors.ts';
import type { UploadedFile } from '../storage/upload.ts';
import { hasControlCharacters } from '../../core/controlChars.ts';

/** Merges parameters with ShowDoc's precedence: path pairs > body > query. */
export function mergeParams(ctx: Context, pathPairs: Record<string, string>): Record<string, unknown> {
  const query = { ...(ctx.query as Record<string, unknown>) };
  delete query.s;
  const body = ctx.request.body;
  const bodyObj = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  // Repeated keys of a query string or form arrive as arrays; actions take the last value, like
  // PHP does. Arrays inside a JSON body are real arrays and stay as they are.
  const lastOfRepeated = (obj: Record<string, unknown>) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
  const isJsonBody = !!ctx.request.is('json');
  return { ...lastOfRepeated(query), ...(isJsonBody ? bodyObj : lastOfRepeated(bodyObj)), ...pathPairs };
}

export function collectFiles(ctx: Context): UploadedFile[] {
  const files = (ctx.request as { files?: Record<string, unknown> }).files;
  if (!files) return [];
  const out: UploadedFile[] = [];
  for (const [field, value] of Object.entries(files)) {
    for (const f of Array.isArray(value) ? value : [value]) {
      const file = f as { filepath: string; originalFilename?: string | null; mimetype?: string | null; size: number };
      out.push({
        field,
        filepath: file.filepath,
        originalFilename: file.originalFilename ?? 'file',
        mimetype: file.mimetype ?? 'application/octet-stream',
        size: file.size,
      });
    }
  }
  return out;
}

export function requestLang(ctx: Context, params: Record<string, unknown>): Lang {
  const explicit = typeof params.lang === 'string' ? params.lang.toLowerCase() : '';
  if (explicit.startsWith('zh')) return 'zh';
  if (explicit.startsWith('en')) return 'en';
  const header = (ctx.get('accept-language') || '').toLowerCase();
  const first = header.split(',')[0]?.trim() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}

/**
 * Parses the Cookie header into a map (koa's cookie API needs the name up front). Values holding
 * control characters are dropped: no cookie of ours ever has one, and they must not reach a query.
 */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    let decoded = value;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      // kept as sent
    }
    if (!hasControlCharacters(decoded)) out.set(name, decoded);
  }
  return out;
}
