// Writes docs/actions.md, the table of every API action, from the route table itself
// (`npm run docs:actions`). `--check` compares instead of writing and exits 1 when the file is not
// current (tests/unit/actions-doc.test.ts runs it); `--check <file>` checks another file.
//
// What each column comes from:
// - action, path, writes, caller: the ActionDef as registered (`name`, `actionPath(name)` as the
//   dispatcher registers it, `writes`, `auth` and `allowTokens`);
// - handler file: the module under server/routes/api/ whose exported action list holds that
//   very ActionDef object;
// - rights: the action's `load` declaration (what the dispatcher loads and the right it needs,
//   access/actionLoads.ts), read from the ActionDef itself;
// - handler checks: the functions exported by server/access/ and server/policies/ that `handle`
//   still calls by name, for rights that depend on more than one declared row (checks made inside
//   a helper the handler calls are not listed).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ActionDef } from '../server/http/action.ts';
import { describeLoads } from '../server/access/actionLoads.ts';
import { actionPath } from '../server/http/apiUrl.ts';
import { allActions } from '../server/routes/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const DOC = path.join(root, 'docs/actions.md');
const COMMAND = 'npm run docs:actions';

const isActionDef = (v: unknown): v is ActionDef =>
  !!v && typeof v === 'object' && typeof (v as ActionDef).name === 'string' && typeof (v as ActionDef).handle === 'function';

async function modulesUnder(dir: string): Promise<{ file: string; exports: Record<string, unknown> }[]> {
  const files = fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  return Promise.all(
    files.map(async (f) => ({ file: `${dir}/${f}`, exports: (await import(pathToFileURL(path.join(root, dir, f)).href)) as Record<string, unknown> })),
  );
}

/** Each registered ActionDef → the route module whose exported list holds it. */
async function handlerFiles(): Promise<Map<ActionDef, string>> {
  const byDef = new Map<ActionDef, string>();
  for (const { file, exports } of await modulesUnder('server/routes/api')) {
    for (const value of Object.values(exports)) {
      if (Array.isArray(value)) for (const def of value) if (isActionDef(def)) byDef.set(def, file);
    }
  }
  return byDef;
}

/** policies/actor.ts accessors that name the caller and decide nothing. */
const NOT_CHECKS = new Set(['actorName', 'actorRef', 'actorUid', 'guest', 'noProof']);

/** Exported functions of access/ and policies/, by name (a name exported twice is listed once). */
async function checkFunctions(): Promise<string[]> {
  const names = new Set<string>();
  for (const dir of ['server/access', 'server/policies']) {
    for (const { exports } of await modulesUnder(dir))
      for (const [name, value] of Object.entries(exports)) if (typeof value === 'function' && !NOT_CHECKS.has(name)) names.add(name);
  }
  return [...names].sort();
}

function caller(def: ActionDef): string {
  const who = { public: 'anyone', user: 'signed in', admin: 'administrator' }[def.auth];
  return def.allowTokens === false ? `${who}, no access token` : who;
}

export async function renderActionsDoc(): Promise<string> {
  const files = await handlerFiles();
  const checks = await checkFunctions();
  const rows = allActions.map((def) => {
    const file = files.get(def);
    if (!file) throw new Error(`${def.name}: in the route table but in no exported action list under server/routes/api/`);
    const code = def.handle.toString();
    const used = checks.filter((name) => new RegExp(`\\b${name}\\b`).test(code));
    const p = actionPath(def.name);
    return `| \`${def.name}\` | ${def.writes ? 'POST' : 'GET, POST'} \`${p}\` | \`${file}\` | ${caller(def)} | ${describeLoads(def.load) || '—'} | ${used.map((n) => `\`${n}\``).join(', ') || '—'} | ${def.writes ? 'yes' : 'no'} |`;
  });
  return `# API actions

Generated from the route table (\`server/routes/index.ts\`) by \`scripts/gen-actions.ts\`: do not edit,
run \`${COMMAND}\` after changing an action (\`tests/unit/actions-doc.test.ts\` fails while this file is
not current). ${allActions.length} actions.

- **path**: the path the dispatcher registers, matched case-insensitively (\`page_comment\` =
  \`pageComment\`); ShowDoc's forms \`/server/api/<controller>/<action>\` and
  \`/server/index.php?s=/api/<controller>/<action>\` reach the same action. Writes answer POST and
  refuse GET/HEAD with 405; reads answer any method.
- **caller**: the action's \`auth\` level (anyone; a signed-in user, 10102 otherwise; an
  administrator, 10103 otherwise) and whether a personal access token may call it.
- **rights**: what the action declares in the route table (\`load\`, \`server/access/actionLoads.ts\`):
  the row the dispatcher loads from which input field, and the right it needs on it before the
  handler runs (read = the site readable and visit; visit; edit; editAll = edit without a catalog
  restriction; manage/own, "not archived" for writes; export; copy; exists = loaded, the handler
  decides).
- **handler checks**: the functions of \`server/access/\` and \`server/policies/\` the handler still
  calls itself (rights over several rows or found rows); checks made inside a helper it calls are
  not listed. \`docs/permissions.md\` and \`tests/security/permission-matrix.json\` give each
  action's answer per role.
- **writes**: the action changes state (never over GET; cookie-authenticated writes must come from
  Folio's own pages).

| action | path | handler file | caller | rights | handler checks | writes |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const text = await renderActionsDoc();
  const checkAt = process.argv.indexOf('--check');
  if (checkAt >= 0) {
    const target = path.resolve(process.argv[checkAt + 1] ?? DOC);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (current !== text) {
      process.stderr.write(`${path.relative(root, target)} is not current with the route table: run \`${COMMAND}\` and commit the result\n`);
      process.exitCode = 1;
    } else process.stdout.write(`${path.relative(root, target)} is current (${allActions.length} actions)\n`);
  } else {
    fs.writeFileSync(DOC, text);
    process.stdout.write(`wrote docs/actions.md (${allActions.length} actions)\n`);
  }
}
