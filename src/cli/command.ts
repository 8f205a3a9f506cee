import type { AppDeps } from '../app';
import type { ApiKeyService } from '../auth/api-key-service';
import type { OAuthClientService } from '../auth/oauth/client-service';
import type { SearchDeps } from '../search/search-deps';
import type { SecretsDeps } from '../secrets/secrets-deps';
import type { UserService } from '../auth/user-service';
import type { RateLimits } from '../domain/workspace';
import type { Clock } from '../ports/clock';
import type { TransferStores } from '../transfer/export-workspace';
import type { Page, PageRequest } from '../ports/paging';
import { WorkspaceService } from '../workspaces/workspace-service';
import { requiredUuid, type OptionValues } from './args';
import type { StoreNotice } from './store';

/** The services commands use: the same ones the HTTP API is built on. */
export interface CliDeps {
  workspaces: WorkspaceService;
  apiKeys: ApiKeyService;
  users: UserService;
  oauthClients: OAuthClientService;
  clock: Clock;
  /** Limits of an enterprise workspace without its own (ENTERPRISE_DEFAULT_PER_MINUTE/DAY). */
  enterpriseDefault: RateLimits;
  /** The configured stores themselves, for `export` and `import` (records kept exactly). */
  stores: TransferStores;
  /** The search indexer, for `reindex` (it runs only when a command starts it). */
  search: SearchDeps;
  /** The configured keys and the re-encryption pass, for `secrets rotate`. */
  secrets: SecretsDeps;
  /** The change feed, webhook subscriptions and retention (`events`, `subscriptions`). */
  events: AppDeps['events'];
  /** Which store was opened, told to the operator before the command runs. */
  store?: StoreNotice;
}

/** CLI services over the container's dependencies, so the CLI and the server share a store. */
export function createCliDeps(
  deps: Pick<
    AppDeps,
    | 'workspaces'
    | 'apiKeys'
    | 'oauth'
    | 'clock'
    | 'http'
    | 'graph'
    | 'ontology'
    | 'search'
    | 'secrets'
    | 'events'
  >,
  store?: StoreNotice,
): CliDeps {
  return {
    ...(store ? { store } : {}),
    workspaces: new WorkspaceService(deps.workspaces, deps.clock),
    apiKeys: deps.apiKeys,
    users: deps.oauth.users,
    oauthClients: deps.oauth.clients,
    clock: deps.clock,
    enterpriseDefault: deps.http.rateLimit.enterpriseDefault,
    stores: { workspaces: deps.workspaces, graph: deps.graph, ontology: deps.ontology },
    search: deps.search,
    secrets: deps.secrets,
    events: deps.events,
  };
}

/** What a command produced: a value for `--json` and lines for people. */
export interface CommandResult {
  json: unknown;
  text: string[];
}

/** One option of a command; every command option takes a value. */
export interface OptionDef {
  /** Long name without dashes, e.g. `per-minute`. */
  name: string;
  /** Placeholder shown in help, e.g. `<uuid>`. */
  value: string;
  description: string;
}

/** A CLI command: its help and its action. */
export interface CommandDef {
  group: string;
  /** Sub-command name; empty for a command that stands alone (`export`, `import`). */
  name: string;
  summary: string;
  /** Options part of the usage line. */
  usage: string;
  /** Paragraphs shown under the usage line. */
  description: string[];
  options: OptionDef[];
  examples: string[];
  /**
   * True for commands that may start from an empty store (they create what they need);
   * the others refuse to run on a store that does not exist yet rather than create it.
   */
  createsStore?: boolean;
  run(values: OptionValues, deps: CliDeps): Promise<CommandResult>;
}

/** Every item of a paged listing, fetched page by page. */
export async function collectAll<T>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const page = await fetchPage({ limit: 100, offset: items.length });
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) {
      return items;
    }
  }
}

/** The workspace option, checked to name an existing workspace. */
export async function existingWorkspace(values: OptionValues, deps: CliDeps): Promise<string> {
  return (await deps.workspaces.get(requiredUuid(values, 'workspace'))).id;
}
