import { createTwoFilesPatch } from 'diff';
import type { SyncClient } from './client.ts';
import type { Plan } from './plan.ts';
import { repositoryForms } from './repoForm.ts';

/**
 * `docs plan --diff`: a unified diff of each page whose content a push would change (server's
 * version → the file's), fetched in the client's batches, the server's in repository form (relative
 * links and paths, as a pull writes it). Creates show as all-new files.
 */
export async function planDiffs(root: string, plan: Plan, client: SyncClient): Promise<string> {
  const updates = plan.entries.filter((e) => (e.action === 'update' || e.action === 'move') && e.doc && e.server && e.doc.hash !== e.server.content_hash);
  const contents = await repositoryForms(
    root,
    plan,
    client,
    updates.map((e) => e.server!.page_id),
  );
  const out: string[] = [];
  for (const e of plan.entries) {
    if (!e.doc) continue;
    const file = e.doc.relPath;
    if (e.action === 'create') out.push(createTwoFilesPatch('/dev/null', `b/${file}`, '', e.doc.content, '', '', { context: 3 }));
    else if (updates.includes(e)) {
      const server = contents.get(e.server!.page_id)?.page_content ?? '';
      out.push(createTwoFilesPatch(`a/${file}`, `b/${file}`, server, e.mergedContent ?? e.doc.content, 'server', 'local', { context: 3 }));
    }
  }
  return out.join('');
}
