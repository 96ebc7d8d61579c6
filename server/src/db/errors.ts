/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * PostgreSQL SQLSTATE classes and codes of a database that is away, overloaded or waiting, not of
 * a wrong request: 08 connection exception, 53 insufficient resources (disk full, too many
 * connections), 57P01–57P05 shutdown, restart, idle-session kill; 57014 a statement cancelled
 * (statement_timeout), 55P03 a lock not available in time (lock_timeout), 40001/40P01 a
 * serialization failure or deadlock (the same call again succeeds).
 */
const PG_UNAVAILABLE_CLASSES = ['08', '53'];
const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '57014', '55P03', '40001', '40P01']);
/** Node socket errors of a database server that cannot be reached. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres reports a lost connection and a pool wait that timed out by message only. */
const PG_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /Client has encountered a connection error/, /^Connection ended/, /Query read timeout/];

/**
 * Whether a database error is transient: the database is unreachable, restarting, full, or the
 * statement waited too long for a lock, a connection or its own end. The API answers these 503
 * with Retry-After (plugins/errors.ts) instead of 500. SQLite: busy/locked, disk full, I/O errors.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN)/.test(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && (PG_UNAVAILABLE_CODES.has(code) || PG_UNAVAILABLE_CLASSES.includes(code.slice(0, 2)))) return true;
      if (SOCKET_CODES.has(code)) return true;
    }
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && PG_MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}
