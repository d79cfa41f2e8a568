import readline from 'node:readline';
import { Writable } from 'node:stream';
import { AppError } from '../../core/errors.ts';
import { UserGroup } from '../../core/limits.ts';
import { formatDateTime } from '../../core/time.ts';
import { ConfigError, loadConfig, type Config } from '../../server/config.ts';
import { createDb, dbOptionsFromConfig, migrateLatest } from '../../server/db/knex.ts';
import { createLogger } from '../../server/logger.ts';
import { createUser } from '../../server/commands/users/createUser.ts';
import { listUsers } from '../../server/commands/users/adminUsers.ts';
import { setUserPassword } from '../../server/commands/users/setPassword.ts';
import { findUserByLogin } from '../../server/models/userLookups.ts';
import { passwordProblem, usernameProblem, zEmail } from '../../core/api/accountFields.ts';
import { nowSeconds } from '../../core/time.ts';
import type { Deps } from '../../server/services.ts';
import { CliFailure, ExitCode } from '../errors.ts';
import type { CliIO } from '../io.ts';

/**
 * The work behind `docs user add|passwd|list` (registered in user.ts, loaded only when one runs): account administration straight on the configured database
 * (DATA_DIR's SQLite file or DATABASE_URL), e.g. to create the first administrator. Passwords are
 * read from a hidden prompt (typed twice) in a terminal, or as one line from stdin with
 * --password-stdin; never from the command line, where they would land in shell history.
 */

async function withDatabase<T>(io: CliIO, fn: (deps: Deps, config: Config) => Promise<T>): Promise<T> {
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliFailure(err.message);
    throw err;
  }
  const db = createDb(dbOptionsFromConfig(config));
  try {
    await migrateLatest(db);
    return await fn({ db, logger: createLogger('silent', false), now: nowSeconds }, config);
  } catch (err) {
    if (err instanceof AppError) throw new CliFailure(err.message);
    throw err;
  } finally {
    await db.destroy();
  }
}

/** The first line of stdin, without its line ending. */
async function readLineFromStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const rl = readline.createInterface({ input: stdin, terminal: false });
  try {
    for await (const line of rl) return line.replace(/\r$/, '');
    return '';
  } finally {
    rl.close();
  }
}

/**
 * Asks each question on stderr and reads the answers from the terminal without echoing them
 * (readline writes its echo to a muted stream). One interface for all questions, read as an
 * async iterator, so answers typed ahead are not lost between questions.
 */
async function promptHidden(io: CliIO, questions: string[]): Promise<string[]> {
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = readline.createInterface({ input: io.stdin, output: muted, terminal: true });
  const lines = rl[Symbol.asyncIterator]();
  const answers: string[] = [];
  try {
    for (const question of questions) {
      io.stderr(question);
      const next = await lines.next();
      io.stderr('\n');
      if (next.done) throw new CliFailure('no password typed; nothing was changed');
      answers.push(next.value);
    }
    return answers;
  } finally {
    rl.close();
  }
}

async function readNewPassword(io: CliIO, fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) password = await readLineFromStdin(io.stdin);
  else if ((io.stdin as { isTTY?: boolean }).isTTY) {
    const [first, again] = await promptHidden(io, ['Password: ', 'Password again: ']);
    if (first !== again) throw new CliFailure('the two passwords differ; nothing was changed');
    password = first!;
  } else throw new CliFailure('no password: pass --password-stdin and write it as one line on stdin, or run in a terminal');
  const problem = passwordProblem(password);
  if (problem) throw new CliFailure(`password ${problem}`);
  return password;
}

export async function addUser(io: CliIO, username: string, opts: { admin?: boolean; passwordStdin?: boolean; email?: string; name?: string }): Promise<void> {
  const problem = usernameProblem(username);
  if (problem) throw new CliFailure(`username ${problem}`);
  const email = opts.email === undefined ? undefined : zEmail.safeParse(opts.email);
  if (email && !email.success) throw new CliFailure(`--email ${email.error.issues[0]?.message ?? 'is invalid'}`);
  const password = await readNewPassword(io, !!opts.passwordStdin);
  const created = await withDatabase(io, (deps) =>
    createUser(deps, { username, password, email: email?.data, name: opts.name ?? '', groupid: opts.admin ? UserGroup.ADMIN : UserGroup.ORDINARY }),
  );
  io.stdout(`created ${opts.admin ? 'administrator' : 'user'} ${username} (uid ${created.uid})\n`);
  io.exitCode = ExitCode.OK;
}

export async function changePassword(io: CliIO, username: string, opts: { passwordStdin?: boolean }): Promise<void> {
  const password = await readNewPassword(io, !!opts.passwordStdin);
  await withDatabase(io, async (deps) => {
    const found = await findUserByLogin(deps.db, username);
    if (!found) throw new CliFailure(`no user named ${username}`);
    await setUserPassword(deps, found.uid, password);
  });
  io.stdout(`password of ${username} changed; their sessions have ended\n`);
  io.exitCode = ExitCode.OK;
}

export async function printUsers(io: CliIO, opts: { json?: boolean }): Promise<void> {
  const { list, config } = await withDatabase(io, async (deps, cfg) => ({
    ...(await listUsers(deps.db, { username: '', page: 1, count: 100_000 })),
    config: cfg,
  }));
  const rows = list.map((u) => ({
    uid: u.uid,
    username: u.username,
    name: u.name,
    email: u.email ?? '',
    role: u.groupid === UserGroup.ADMIN ? 'admin' : 'user',
    last_login: formatDateTime(u.last_login_time, config.TIMEZONE),
  }));
  if (opts.json) io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
  else {
    io.stdout('uid\tusername\trole\temail\tname\tlast login\n');
    for (const r of rows) io.stdout(`${r.uid}\t${r.username}\t${r.role}\t${r.email}\t${r.name}\t${r.last_login || '-'}\n`);
  }
  io.exitCode = ExitCode.OK;
}
