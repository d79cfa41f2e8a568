import pg from 'pg';

/** The database named by DATABASE_URL cannot be used; the message is one line for the terminal. */
export class DatabaseUnreachable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnreachable';
  }
}

/** The URL without its password, fit to print. */
function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

function reasonOf(err: { code?: string; message?: string }): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused (is PostgreSQL running on that host and port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name was not found';
    case 'ETIMEDOUT':
      return 'the connection timed out';
    case '3D000':
      return 'that database does not exist (create it first, e.g. `createdb`)';
    case '28P01':
    case '28000':
      return 'PostgreSQL refused the user name or password';
    default:
      return err.message?.split('\n')[0] ?? String(err);
  }
}

/**
 * Connects once before the server starts, so a wrong or unreachable DATABASE_URL ends the start
 * with one clear sentence instead of a driver stack trace from inside the connection pool.
 */
export async function assertPostgresReachable(url: string, timeoutMs = 10_000): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A failed connect can also emit 'error'; the rejection below reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    const reason = reasonOf(err as { code?: string; message?: string });
    throw new DatabaseUnreachable(`cannot use the database at ${redactDatabaseUrl(url)} (DATABASE_URL): ${reason}`, { cause: err });
  } finally {
    await client.end().catch(() => undefined);
  }
}
