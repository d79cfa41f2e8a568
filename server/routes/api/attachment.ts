import { z } from 'zod';
import type { FileLibrary } from '../../../core/wire.ts';
import { AppError, errors, type Lang } from '../../../core/errors.ts';
import { deleteFile, unlinkFileFromPage, bindFileToPage } from '../../commands/files/deleteFiles.ts';
import { INLINE_IMAGE_TYPES, SVG_TYPE } from '../../commands/files/fileRules.ts';
import { largestStorageUsers, listFiles, storageUsage } from '../../commands/files/listFiles.ts';
import { quotaPerUserBytes, storageQuotaOf } from '../../commands/files/storageQuota.ts';
import { authorizeUploadTarget } from '../../access/uploadTarget.ts';
import { loadFile, loadOwnFile } from '../../access/files.ts';
import { loadWritablePage } from '../../access/pages.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { listPageAttachments } from '../../commands/files/pageAttachments.ts';
import { storeUpload } from '../../commands/files/storeUpload.ts';
import { visitFile } from '../../commands/files/visitFile.ts';
import { action, raw, type ActionContext, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/attachment.ts';
import type { UploadedFile } from '../../storage/upload.ts';
import { isAdmin, type Actor } from '../../policies/actor.ts';
import { presentLibraryFile, presentPageAttachment, presentStorageUser, presentUploaded, toMegabytes } from '../../presenters/file.ts';
import type { Services } from '../../services.ts';
import { storageOf } from '../../storage/index.ts';

/** `attachment/*` actions, and the page attachment actions `page/upload*` (keyed by name, not file). */

function pickFile(files: UploadedFile[], fields: string[]): UploadedFile {
  const file = fields.map((f) => files.find((x) => x.field === f)).find(Boolean) ?? files[0];
  if (!file) throw errors.failed('file: no file was uploaded', 'file：请上传文件');
  return file;
}

async function upload(ctx: ActionContext<z.output<typeof contracts.uploadTargetInput>>, kind: 'image' | 'attachment', fields: string[]) {
  const { services, actor } = ctx;
  const user = actor as Extract<Actor, { kind: 'user' }>;
  const target = await authorizeUploadTarget(services, actor, ctx.input);
  const file = pickFile(ctx.files, fields);
  const row = await storeUpload(services, await storageOf(services), {
    file,
    kind,
    uid: user.uid,
    isAdmin: isAdmin(actor),
    itemId: target.itemId,
    pageId: target.pageId,
    maxBytes: Math.round(services.config.UPLOAD_MAX_MB * 1024 * 1024),
  });
  return { row, base: await siteBaseUrl(services) };
}

/**
 * editor.md reads `{success, url}` / `{success, message}` as the whole body, not the envelope.
 * The envelope's `error_code` (and `data`/`error_message`) ride along at the top level so clients
 * that read envelopes — Folio's own web app — understand the same answer.
 */
function editorMdAnswer(result: { url: string } | { error: AppError; lang: Lang }) {
  const body =
    'url' in result
      ? { success: 1, url: result.url, error_code: 0, data: { url: result.url } }
      : { success: 0, message: result.error.messageIn(result.lang), error_code: result.error.code, error_message: result.error.messageIn(result.lang) };
  return raw(JSON.stringify(body), { type: 'application/json' });
}

const uploadImg = (contract: typeof contracts.pageUploadImg | typeof contracts.attachmentUploadImg) =>
  action(contract, {
    auth: 'user',
    writes: true,
    async handle(ctx) {
      try {
        const { row, base } = await upload(ctx, 'image', ['editormd-image-file', 'file']);
        return editorMdAnswer({ url: presentUploaded(row, base).url });
      } catch (err) {
        if (err instanceof AppError) return editorMdAnswer({ error: err, lang: ctx.lang });
        throw err;
      }
    },
  });

const uploadAttachment = (contract: typeof contracts.pageUpload | typeof contracts.attachmentAttachmentUpload) =>
  action(contract, {
    auth: 'user',
    writes: true,
    async handle(ctx) {
      const { row, base } = await upload(ctx, 'attachment', ['file']);
      return presentUploaded(row, base);
    },
  });

const pageUploadList = (contract: typeof contracts.pageUploadList | typeof contracts.attachmentPageAttachmentUploadList) =>
  action(contract, {
    auth: 'public',
    writes: false,
    load: { page: { param: 'page_id', need: 'read' } },
    async handle({ input, services }) {
      const rows = await listPageAttachments(services.db, input.page_id);
      const base = await siteBaseUrl(services);
      return rows.map((r) => presentPageAttachment(r, base, services.config.TIMEZONE));
    },
  });

const deletePageFile = (contract: typeof contracts.pageDeleteUploadFile | typeof contracts.attachmentDeletePageUploadFile) =>
  action(contract, {
    auth: 'user',
    writes: true,
    load: { page: { param: 'page_id', need: 'write' } },
    async handle({ input, services }) {
      return unlinkFileFromPage(services, await storageOf(services), input.file_id, input.page_id);
    },
  });

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const visitFileAction = () =>
  action(contracts.attachmentVisitFile, {
    auth: 'public',
    writes: false,
    async handle({ input, services }) {
      const { file, stream } = await visitFile(services, await storageOf(services), input.sign.toLowerCase(), services.config.TIMEZONE);
      // Only proven raster images are shown inline; everything else is a download, never rendered.
      // Synced SVG keeps its type so <img> shows it, but is a download too (and FILE_CSP sandboxes it).
      const inline = INLINE_IMAGE_TYPES.has(file.file_type);
      return raw(stream, {
        type: inline || file.file_type === SVG_TYPE ? file.file_type : 'application/octet-stream',
        headers: {
          'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.display_name),
          'Content-Length': String(file.file_size),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=300',
        },
      });
    },
  });

/** How many of the largest users the administrators' file library lists. */
const TOP_STORAGE_USERS = 10;

async function fileLibrary(services: Services, input: z.output<typeof contracts.fileListInput>, ownerUid: number | undefined): Promise<FileLibrary> {
  const filter = {
    ownerUid,
    attachmentType: input.attachment_type,
    displayName: input.display_name.trim(),
    username: input.username.trim(),
    page: input.page,
    count: input.count,
  };
  const [{ rows, total }, usage, base, quotaBytes, top] = await Promise.all([
    listFiles(services.db, filter),
    storageUsage(services.db, ownerUid, services.now(), services.config.TIMEZONE),
    siteBaseUrl(services),
    // One user's list: the quota that user is held to; everybody's: the quota per user.
    ownerUid !== undefined ? storageQuotaOf(services, ownerUid).then((q) => q.quotaBytes) : quotaPerUserBytes(services),
    ownerUid === undefined ? largestStorageUsers(services.db, TOP_STORAGE_USERS) : null,
  ]);
  return {
    list: rows.map((r) => presentLibraryFile(r, base, services.config.TIMEZONE)),
    total,
    used_m: toMegabytes(usage.usedBytes),
    used_flow_m: toMegabytes(usage.flowBytes),
    quota_m: toMegabytes(quotaBytes),
    ...(top ? { top_users: top.map(presentStorageUser) } : {}),
  };
}

export const attachmentActions: ActionDef[] = [
  uploadImg(contracts.pageUploadImg),
  uploadImg(contracts.attachmentUploadImg),
  uploadAttachment(contracts.pageUpload),
  uploadAttachment(contracts.attachmentAttachmentUpload),
  pageUploadList(contracts.pageUploadList),
  pageUploadList(contracts.attachmentPageAttachmentUploadList),
  deletePageFile(contracts.pageDeleteUploadFile),
  deletePageFile(contracts.attachmentDeletePageUploadFile),
  visitFileAction(),

  action(contracts.attachmentGetMyList, {
    auth: 'user',
    writes: false,
    // Administrators may look at one user's files by username; everyone else sees only their own.
    handle: ({ input, actor, services }) =>
      isAdmin(actor) && input.username.trim()
        ? fileLibrary(services, input, undefined)
        : fileLibrary(services, { ...input, username: '' }, (actor as { uid: number }).uid),
  }),
  action(contracts.attachmentGetAllList, {
    auth: 'admin',
    writes: false,
    handle: ({ input, services }) => fileLibrary(services, input, undefined),
  }),
  action(contracts.attachmentDeleteMyAttachment, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      await deleteFile(services, await storageOf(services), await loadOwnFile(services, actor, input.file_id));
      return [];
    },
  }),
  action(contracts.attachmentDeleteAttachment, {
    auth: 'admin',
    writes: true,
    async handle({ input, services }) {
      await deleteFile(services, await storageOf(services), await loadFile(services, input.file_id));
      return [];
    },
  }),
  action(contracts.attachmentBindingPage, {
    auth: 'user',
    writes: true,
    // Two rows' rights, the file's first (the caller's own: 10103 for anyone else's, whatever the
    // page), then the page's: not a declared load, which the dispatcher would check first.
    async handle({ input, actor, services }) {
      const file = await loadOwnFile(services, actor, input.file_id);
      const { page } = await loadWritablePage(services, actor, input.page_id);
      await bindFileToPage(services, { fileId: file.file_id, pageId: page.page_id, itemId: page.item_id });
      return [];
    },
  }),
];
