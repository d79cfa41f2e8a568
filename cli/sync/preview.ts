import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CliFailure } from '../errors.ts';
import type { CliIO } from '../io.ts';
import type { PreviewInfo, SyncClient } from './client.ts';
import { push, type PushOptions, type PushOutcome } from './push.ts';

/**
 * `docs push --preview NAME` (issue #21 part 7): the folder goes into a preview copy of the item,
 * the way the site would look once the pull request is merged. The server makes the preview on
 * first use as a copy of the item's current pages (sync/previewOpen) and answers the preview's own
 * credentials; the push then runs as a fresh clone's `--force` push into it, with a state kept
 * in a temporary folder: the folder's own `.docs/` (the item's sync state) is never touched, and a
 * CI checkout carries no state anyway. It always prunes: a page whose file the pull request deleted
 * is gone after the merge, so it is gone from the preview (pages made in the web UI stay, as
 * --prune never deletes them), and the mass-deletion guard does not apply to a throwaway copy.
 */
export async function pushPreview(
  opts: PushOptions & { name: string; expiresHours?: number },
  io: CliIO,
  client: SyncClient,
): Promise<{ outcome: PushOutcome; preview: PreviewInfo; created: boolean; removed: number }> {
  const opened = await client.previewOpen(opts.name, opts.expiresHours);
  const previewClient = client.forItem(opened.api_key, opened.api_token);
  const stateRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-preview-'));
  try {
    const outcome = await push({ ...opts, force: true, prune: true, allowMassDelete: true, stateRoot }, io, previewClient);
    const removed = outcome.exitCode === 0 ? outcome.plan.entries.filter((e) => e.action === 'delete').length : 0;
    return { outcome, preview: absolute(opened.preview, client.settings.server), created: opened.created, removed };
  } finally {
    await fs.rm(stateRoot, { recursive: true, force: true });
  }
}

/** The item's live previews, their URLs absolute. */
export async function listPreviews(client: SyncClient): Promise<PreviewInfo[]> {
  return (await client.previews()).previews.map((p) => absolute(p, client.settings.server));
}

export async function deletePreview(client: SyncClient, name: string): Promise<void> {
  await client.previewDelete(name);
}

/** A server without SITE_URL answers root-relative URLs: the configured server is where they open. */
function absolute(p: PreviewInfo, server: string): PreviewInfo {
  return p.url.startsWith('/') ? { ...p, url: `${server}${p.url}` } : p;
}

/** `--expires`: hours as a whole number, or with a unit (`36h`, `3d`). */
export function parseExpires(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)\s*([hd]?)\s*$/i.exec(value);
  const hours = m ? Number(m[1]) * (m[2]!.toLowerCase() === 'd' ? 24 : 1) : NaN;
  if (!Number.isInteger(hours) || hours < 1) throw new CliFailure(`--expires: "${value}" is not a number of hours or days (e.g. 48, 48h or 2d)`);
  return hours;
}
