import type { Config } from '../config/load-config';

/** Which store a CLI run opened, said on stderr before the command's output. */
export interface StoreNotice {
  engine: 'sqlite' | 'neo4j';
  /** The SQLite file, or the Neo4j URI without credentials (and its database). */
  location: string;
  /** True when the SQLite file did not exist and this run created it. */
  created: boolean;
  /** DATA_DIR as resolved, for the message about a new store. */
  dataDir: string;
}

/** The store a command needs data from does not exist at DATA_DIR (nothing was created). */
export class StoreNotFoundError extends Error {
  readonly code = 'STORE_NOT_FOUND';

  constructor(
    readonly sqlitePath: string,
    readonly dataDir: string,
  ) {
    super(
      `No store at ${sqlitePath}: DATA_DIR=${dataDir} holds no data, so there is nothing to ` +
        'work on (nothing was created). Set DATA_DIR to the data directory of the server ' +
        '(its "listening" log line shows it as dataDir).',
    );
    this.name = 'StoreNotFoundError';
  }
}

/** A URI without the user name and password it may carry. */
export function withoutCredentials(uri: string): string {
  try {
    const url = new URL(uri);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(invalid URI)';
  }
}

/** What to tell the operator about the store `config` selects. */
export function storeNotice(config: Config, existedBefore: boolean): StoreNotice {
  if (config.neo4j) {
    const database = config.neo4j.database ? ` (database ${config.neo4j.database})` : '';
    return {
      engine: 'neo4j',
      location: `${withoutCredentials(config.neo4j.uri)}${database}`,
      created: false,
      dataDir: config.dataDir,
    };
  }
  return {
    engine: 'sqlite',
    location: config.sqlitePath,
    created: !existedBefore,
    dataDir: config.dataDir,
  };
}

/** The notice as a line for people. */
export function noticeText(notice: StoreNotice): string {
  const engine = notice.engine === 'neo4j' ? 'Neo4j' : 'SQLite';
  const created = notice.created
    ? ` (new: it did not exist and was created now; DATA_DIR=${notice.dataDir})`
    : '';
  return `Store: ${engine} ${notice.location}${created}`;
}
