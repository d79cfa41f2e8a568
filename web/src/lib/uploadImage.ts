import type { Id } from '@core/wire';
import { apiHeaders } from '../api/client.ts';

/**
 * `page/uploadImg` answers in editor.md's shape `{success, url | message}` as the whole body (not
 * the usual envelope), so it is posted here rather than through the API client.
 * Resolves with the image URL, or rejects with the server's message.
 */
export async function uploadImage(file: File, target: { item_id: Id; page_id: Id }): Promise<string> {
  const form = new FormData();
  form.append('item_id', String(target.item_id));
  form.append('page_id', String(target.page_id));
  form.append('editormd-image-file', file);
  const res = await fetch('/api/page/uploadImg', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: apiHeaders(),
  });
  const body = (await res.json().catch(() => ({}))) as { success?: number; url?: string; message?: string; error_code?: number; error_message?: string };
  if (Number(body.success) === 1 && body.url) return body.url;
  throw new Error(body.message || body.error_message || '');
}
