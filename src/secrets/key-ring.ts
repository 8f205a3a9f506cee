import fs from 'node:fs';
import path from 'node:path';
import { DataDirError } from '../config/data-dir';
import { KEY_FORMAT, newSecretKeyText, parseSecretKey } from './key-text';
import { SecretBox } from './secret-box';

/** Name of the key file the embedded default generates in DATA_DIR. */
export const KEY_FILE_NAME = 'secrets.key';

/** The keys the configuration names (see `loadConfig`). */
export interface SecretKeySettings {
  /** SECRETS_KEY, when set: the current key. */
  key: Buffer | undefined;
  /** SECRETS_KEY_PREVIOUS: keys that only decrypt, during a key rotation. */
  previousKeys: readonly Buffer[];
  /** `<DATA_DIR>/secrets.key`: the current key when SECRETS_KEY is unset. */
  keyFile: string;
}

/** Where the current key came from. */
export type KeySource =
  | {
      kind: 'environment';
      /** The key file, when one exists: its key is kept as a previous key. */
      keyFile: string | null;
    }
  | {
      kind: 'file';
      path: string;
      /** True when this start generated it (there was none). */
      created: boolean;
    };

/** The configured keys, ready to use, and what an operator should be told about them. */
export interface KeyRing {
  box: SecretBox;
  source: KeySource;
  /** Problems worth a log line that do not stop the start (a key file others can read). */
  warnings: string[];
}

/**
 * Builds the key ring from the configuration. With SECRETS_KEY set, that is the current
 * key; a key file left in DATA_DIR by the embedded default is read too and kept as a
 * previous key, so that setting SECRETS_KEY never makes values sealed under the file's key
 * unreadable (the re-encryption pass moves them to SECRETS_KEY). Without SECRETS_KEY the
 * key file is the current key, generated on first use. A key file that cannot be read or
 * holds no valid key stops the start (`DataDirError`): generating a new one would make
 * every sealed value unreadable.
 */
export function openKeyRing(settings: SecretKeySettings): KeyRing {
  const warnings: string[] = [];
  if (settings.key) {
    const fileKey = fs.existsSync(settings.keyFile)
      ? readKeyFile(settings.keyFile, warnings)
      : null;
    return {
      box: new SecretBox(settings.key, [...settings.previousKeys, ...(fileKey ? [fileKey] : [])]),
      source: { kind: 'environment', keyFile: fileKey ? settings.keyFile : null },
      warnings,
    };
  }
  const created = createKeyFileIfMissing(settings.keyFile);
  const key = readKeyFile(settings.keyFile, warnings);
  return {
    box: new SecretBox(key, settings.previousKeys),
    source: { kind: 'file', path: settings.keyFile, created },
    warnings,
  };
}

function keyFileError(file: string, reason: string): DataDirError {
  return new DataDirError(path.dirname(file), `${path.basename(file)}: ${reason}`);
}

function readKeyFile(file: string, warnings: string[]): Buffer {
  let text: string;
  try {
    const stats = fs.statSync(file);
    if (!stats.isFile()) {
      throw keyFileError(file, 'not a regular file');
    }
    // Group or other access: the key is as exposed as the file.
    if ((stats.mode & 0o077) !== 0) {
      warnings.push(
        `${file} can be read by other users (mode ${(stats.mode & 0o777).toString(8)}); ` +
          'restrict it with chmod 600',
      );
    }
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof DataDirError) {
      throw error;
    }
    const code = (error as NodeJS.ErrnoException).code;
    throw keyFileError(file, code === 'EACCES' ? 'permission denied' : String(code ?? error));
  }
  const key = parseSecretKey(text);
  if (!key) {
    throw keyFileError(
      file,
      `does not hold a key (${KEY_FORMAT}); restore it from a backup, or set SECRETS_KEY`,
    );
  }
  return key;
}

/**
 * Writes a new random key to `file` unless it exists; true when it did. The key is written
 * to a temporary file (mode 0600), flushed to disk, then linked to its name, which fails if
 * another process got there first: the file is never seen half-written, and two processes
 * starting at once end up with the same key.
 */
function createKeyFileIfMissing(file: string): boolean {
  if (fs.existsSync(file)) {
    return false;
  }
  const dir = path.dirname(file);
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.rmSync(temporary, { force: true }); // left by a process that crashed here
    const fd = fs.openSync(temporary, 'wx', 0o600);
    try {
      fs.writeSync(fd, `${newSecretKeyText()}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        return false;
      }
      throw error;
    }
    syncDirectory(dir);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw keyFileError(
      file,
      `cannot be created (${code === 'EACCES' ? 'permission denied' : String(code ?? error)})`,
    );
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Makes the new directory entry durable (not possible everywhere: then best effort). */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some platforms cannot open or sync a directory; the file itself is synced.
  } finally {
    if (fd !== undefined) {
      fs.closeSync(fd);
    }
  }
}
