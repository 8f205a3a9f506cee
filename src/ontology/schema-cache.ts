import type { OntologyWriter } from '../ports/ontology-store';
import { compileSchema, EMPTY_SCHEMA, type CompiledSchema } from './compiled-schema';

interface Entry {
  revision: number;
  updatedAt: string;
  schema: CompiledSchema;
}

/** Workspaces whose compiled schema is kept; the least recently used goes first. */
const DEFAULT_MAX_WORKSPACES = 1000;

/**
 * Compiled schemas per workspace, keyed by the ontology's revision. Every transaction reads
 * the revision (one point read of the settings) and compiles again only when it changed, so
 * a write pays for a lookup, not for parsing definitions and building regular expressions;
 * and a change made by another process is seen by the next transaction that reads it.
 */
export class SchemaCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxWorkspaces = DEFAULT_MAX_WORKSPACES) {}

  /** The workspace's schema as the transaction of `ontology` sees it. */
  async load(workspaceId: string, ontology: OntologyWriter): Promise<CompiledSchema> {
    const settings = await ontology.settings();
    if (!settings) {
      return EMPTY_SCHEMA;
    }
    const cached = this.entries.get(workspaceId);
    if (cached?.revision === settings.revision && cached.updatedAt === settings.updatedAt) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(workspaceId);
      this.entries.set(workspaceId, cached);
      return cached.schema;
    }
    const schema = compileSchema({ settings, types: await ontology.listTypes() });
    this.entries.delete(workspaceId);
    this.entries.set(workspaceId, { ...settings, schema });
    if (this.entries.size > this.maxWorkspaces) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) {
        this.entries.delete(oldest);
      }
    }
    return schema;
  }
}
