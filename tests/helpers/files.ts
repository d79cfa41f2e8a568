import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import type { TestServer } from './server.ts';

// Upload helpers for the attachment, template, notice, mock and admin-item tests (fixtures live in factories.ts).

/** A tiny valid PNG (1×1). */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d3b1f40000000049454e44ae426082',
  'hex',
);

/**
 * One file as a whole multipart/form-data body (field `file`), built once: sent with node:http in
 * one write, where a client must control the connection (the job-pool bench, the paced-body tests).
 */
export function multipartBody(filename: string, bytes: Buffer): { type: string; bytes: Buffer } {
  const boundary = `folio-${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

/** Posts a multipart upload to `/api/<name>` and returns the parsed JSON body and the response. */
export async function uploadFile(
  t: TestServer,
  name: string,
  opts: { token?: string; field?: string; filename: string; bytes: Buffer | string; type?: string; params?: Record<string, string | number> },
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.params ?? {})) form.set(k, String(v));
  const part = typeof opts.bytes === 'string' ? opts.bytes : new Uint8Array(opts.bytes);
  form.set(opts.field ?? 'file', new Blob([part], { type: opts.type ?? 'application/octet-stream' }), opts.filename);
  const res = await t.fetch(`/api/${name}`, { method: 'POST', body: form, headers: opts.token ? { 'X-API-Token': opts.token } : {} });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * A zip of real documentation (tests/fixtures/real-docs/fastify-docs: fastify's Reference pages and
 * their SVG figure, under `fastify-docs/`) with `extra` entries written by these exact names (a
 * `../evil.md`, a control character: names the `zip` tool would not write).
 */
export async function realDocsZipWith(extra: Record<string, string>): Promise<Buffer> {
  const root = path.resolve(import.meta.dirname, '../fixtures/real-docs/fastify-docs');
  const zip = new JSZip();
  for (const rel of fs.readdirSync(root, { recursive: true }).map(String).sort()) {
    const full = path.join(root, rel);
    if (fs.statSync(full).isFile()) zip.file(`fastify-docs/${rel}`, fs.readFileSync(full));
  }
  for (const [name, text] of Object.entries(extra)) zip.file(name, text, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
