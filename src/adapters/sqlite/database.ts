/**
 * The embedded store's entry point: the database class, how to open it (migrations
 * applied), and its health check. openDatabase and the health check import the class from
 * sqlite-database.ts, not from here, so no module imports itself back.
 */
export { SqliteDatabase, type WriteOptions } from './sqlite-database';
export { applyMigrations } from './apply-migrations';
export { SQLITE_CHECK_NAME, SqliteHealthCheck } from './health-check';
export { openDatabase, type OpenDatabaseOptions } from './open-database';
