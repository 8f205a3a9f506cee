import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR cannot hold the embedded store. The message is one line an operator acts on:
 * `DATA_DIR=<path>: <reason>`.
 */
export class DataDirError extends Error {
  constructor(
    readonly dataDir: string,
    readonly reason: string,
  ) {
    super(`DATA_DIR=${dataDir}: ${reason}`);
    this.name = 'DataDirError';
  }
}

/** What a file-system error code means for a directory the service must write to. */
function reasonOf(error: unknown, dataDir: string): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOTDIR':
    case 'EEXIST': {
      const blocking = firstNonDirectory(dataDir);
      return blocking === undefined || blocking.path === dataDir
        ? 'not a directory'
        : `not a directory (${blocking.path} is ${blocking.isFile ? 'a file' : 'not a directory'})`;
    }
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** The first path on the way to `target` that exists and is not a directory. */
function firstNonDirectory(target: string): { path: string; isFile: boolean } | undefined {
  const parts: string[] = [];
  for (let current = target; ; current = path.dirname(current)) {
    parts.unshift(current);
    if (path.dirname(current) === current) {
      break;
    }
  }
  for (const candidate of parts) {
    try {
      const stats = fs.statSync(candidate);
      if (!stats.isDirectory()) {
        return { path: candidate, isFile: stats.isFile() };
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Makes sure DATA_DIR can hold the embedded store before anything opens it: the directory
 * exists (created if missing) and is writable, and the store file, if there, is a regular
 * file the service may write. Throws a `DataDirError` naming the path and the reason
 * instead of the file system's raw error and stack trace.
 */
export function prepareDataDir(dataDir: string, storeFile: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.statSync(dataDir).isDirectory()) {
      throw new DataDirError(dataDir, 'not a directory');
    }
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    throw error instanceof DataDirError
      ? error
      : new DataDirError(dataDir, reasonOf(error, dataDir));
  }
  let store: fs.Stats;
  try {
    store = fs.statSync(storeFile);
  } catch {
    return; // created on first start
  }
  const name = path.relative(dataDir, storeFile);
  if (!store.isFile()) {
    throw new DataDirError(dataDir, `${name} is not a regular file`);
  }
  try {
    fs.accessSync(storeFile, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    throw new DataDirError(dataDir, `${name}: ${reasonOf(error, storeFile)}`);
  }
}
