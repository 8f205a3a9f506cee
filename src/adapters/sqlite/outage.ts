/**
 * SQLite result codes (extended codes start with these) that mean the store itself cannot
 * work right now, whatever the request: the disk is full, the file system failed or turned
 * read-only, the file cannot be opened or is damaged, or another process holds the lock past
 * the busy timeout. Constraint violations and the like are the request's own problem.
 */
const OUTAGE_RESULT_CODES = [
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_BUSY',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_PROTOCOL',
  'SQLITE_NOMEM',
];

/** File-system errors of the WAL sync (fdatasync) with the same meaning. */
const OUTAGE_ERRNO_CODES = new Set(['EIO', 'ENOSPC', 'EROFS', 'EDQUOT']);

/** True when `error` means the embedded store is unusable (see `StoreOutageLog`). */
export function isSqliteOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') {
    return false;
  }
  return (
    OUTAGE_ERRNO_CODES.has(code) ||
    OUTAGE_RESULT_CODES.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))
  );
}
