import { pathRefusal, refFile, refsRefusal } from '../../core/safePath.ts';
import { CliFailure } from '../errors.ts';
import type { ServerPageContent } from './client.ts';
import { confinedPath, PathRefused } from './confine.ts';
import type { ServerPage } from './plan.ts';

const MARKDOWN = /\.(md|markdown)$/i;

/**
 * Every place a pull takes from the server — each page's recorded file, the files its recorded
 * references name and where they are served from, the file and folders the pull chose — checked
 * before anything is written (issue #20). One refused entry refuses the whole pull: a half-written
 * folder would be a second problem, and a server (or a proxy) sending such paths is not to be
 * trusted with the rest either. Every refusal is named, with its page and why.
 */
export async function assertPullConfined(
  root: string,
  plan: { treePages: ServerPage[]; pages: ServerPageContent[]; targets: Map<number, string>; folders: string[] },
): Promise<void> {
  // A set: a page is in the tree and in the contents, its refusal named once.
  const refusals = new Set<string>();
  const files = new Set<string>();
  const pageName = (p: ServerPage) => `page ${p.page_id} ${JSON.stringify(p.page_title)}`;
  for (const page of [...plan.treePages, ...plan.pages]) {
    if (page.source_path !== null && page.source_path !== undefined) {
      const why = pathRefusal(page.source_path) ?? (MARKDOWN.test(page.source_path) ? null : 'is not a Markdown file (.md or .markdown)');
      if (why) refusals.add(`${pageName(page)}: its file ${JSON.stringify(page.source_path)} ${why}`);
    }
    const refs = (page as Partial<ServerPageContent>).source_refs ?? null;
    const why = refs ? refsRefusal(refs) : null;
    if (why) refusals.add(`${pageName(page)}: its recorded references: ${why}`);
    else if (refs) for (const entry of JSON.parse(refs) as string[][]) if (entry[2]) files.add(refFile(entry[2]));
  }
  // The paths the pull chose (from catalog names and titles) and the referenced files, and the file
  // system under them: no symbolic link crossed.
  const chosen = [...plan.folders, ...plan.targets.values(), ...files];
  for (const relPath of new Set(chosen)) {
    try {
      await confinedPath(root, relPath);
    } catch (err) {
      if (!(err instanceof PathRefused)) throw err;
      refusals.add(err.message);
    }
  }
  if (refusals.size) {
    throw new CliFailure(
      `pull refused, nothing was written: the server's answer names places outside what the folder may hold\n${[...refusals].map((r) => `  ${r}`).join('\n')}`,
    );
  }
}
