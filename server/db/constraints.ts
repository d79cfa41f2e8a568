/**
 * Translates both engines' constraint failures, from knex or an objection model, into one shape,
 * so commands can react to a unique violation (say, a taken domain) without knowing which
 * database is underneath.
 */
export type ConstraintKind = 'unique' | 'foreign_key' | 'not_null' | 'check';

export function constraintViolation(err: unknown): { kind: ConstraintKind; detail: string } | null {
  if (!err || typeof err !== 'object') return null;
  // Objection wraps the driver's error (UniqueViolationError & co., or a plain DBError) and keeps
  // the original as `nativeError`: read the driver's codes from there, the same on both engines.
  const native = (err as { nativeError?: unknown }).nativeError;
  const e = (native && typeof native === 'object' ? native : err) as { code?: string; message?: string; detail?: string; constraint?: string };
  // PostgreSQL SQLSTATE codes
  if (e.code === '23505') return { kind: 'unique', detail: `${e.constraint ?? ''} ${e.detail ?? ''}` };
  if (e.code === '23503') return { kind: 'foreign_key', detail: `${e.constraint ?? ''} ${e.detail ?? ''}` };
  if (e.code === '23502') return { kind: 'not_null', detail: e.message ?? '' };
  if (e.code === '23514') return { kind: 'check', detail: e.message ?? '' };
  // better-sqlite3's SqliteError codes
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return { kind: 'unique', detail: e.message ?? '' };
  if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return { kind: 'foreign_key', detail: e.message ?? '' };
  if (e.code === 'SQLITE_CONSTRAINT_NOTNULL') return { kind: 'not_null', detail: e.message ?? '' };
  if (e.code === 'SQLITE_CONSTRAINT_CHECK') return { kind: 'check', detail: e.message ?? '' };
  return null;
}

/** True when `err` is a unique violation mentioning `column` (e.g. `item_domain`). */
export function isUniqueViolationOn(err: unknown, column: string): boolean {
  const v = constraintViolation(err);
  return !!v && v.kind === 'unique' && v.detail.includes(column);
}
