import type { SyncDeletedPage } from '../../../core/sync.ts';
import type { Plan } from '../plan.ts';
import type { SyncState } from '../state.ts';
import { decideByGit, needsBlobRecord, type GitDecisionOptions } from './decide.ts';
import { blobIdOf, type GitView } from './history.ts';

/** The push's git step before merges: git's verdicts, and a `confirm` for unchanged pages whose blob the server does not record yet. */
export function applyGitDecisions(plan: Plan, view: GitView, state: SyncState, deleted: SyncDeletedPage[], opts: GitDecisionOptions): void {
  decideByGit(plan, view, state, deleted, opts);
  for (const e of plan.entries) {
    if (e.action === 'unchanged' && !e.detail && needsBlobRecord(e, view)) e.confirm = true;
  }
}

/**
 * What each written file tells the server about git: its blob (for a clean merge, the blob of the
 * merged file the push writes — in no commit yet), its earlier blob ids, and whether it is committed.
 */
export async function gitSourceOf(root: string, plan: Plan, view: GitView): Promise<void> {
  for (const e of plan.entries) {
    const doc = e.doc;
    if (!doc || doc.source) continue;
    const history = view.historyOf(doc.relPath);
    if (e.mergedContent !== undefined) {
      const blob = await blobIdOf(root, (doc.head ?? '') + e.mergedContent);
      if (blob) doc.git = { source_blob: blob, source_blob_history: history, source_blob_committed: false };
      continue;
    }
    const blob = view.blobOf(doc.relPath);
    if (blob) doc.git = { source_blob: blob, source_blob_history: history, source_blob_committed: view.isCommitted(doc.relPath) };
  }
}
