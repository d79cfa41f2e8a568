import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What `.docs/.gitignore` holds: every file of the folder, itself included — the way `.venv/` and
 * `.pytest_cache/` keep out of git, so that no repository ever has to list `.docs/` (issue #21).
 */
const STATE_GITIGNORE = '# Written by the docs CLI: its sync state is local to this checkout.\n*\n';

/**
 * Creates the state folder (and `sub`, relative to it) and writes its `.gitignore` when the folder
 * has none; a `.gitignore` the user edited is left as it is.
 */
export async function makeStateDir(stateDir: string, sub = ''): Promise<void> {
  await fs.mkdir(path.join(stateDir, sub), { recursive: true });
  // 'wx': written only when missing, without a read-then-write race between two syncs.
  await fs.writeFile(path.join(stateDir, '.gitignore'), STATE_GITIGNORE, { flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
}
