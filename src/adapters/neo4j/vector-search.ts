import { Neo4jError } from 'neo4j-driver';
import type { VectorHit, VectorQuery } from '../../ports/vector-index';
import type { Neo4jClient } from './client';
import { countField, field, runAll, runOne } from './statement';
import { VECTOR_NEAREST, type VectorStatements } from './statements/vectors';
import { toInt, toNumber } from './values';

/**
 * How a search over one global index keeps to one workspace. The index answers the
 * nearest points of every workspace; a search asks it for `OVERFETCH` times the points a
 * workspace holding `selected` of `total` points would need for `topK` hits
 * (topK x total / selected, at least MIN_FETCH), keeps the workspace's, and widens until
 * `topK` remain or the index has no more. The best OVERFETCH x topK kept are scored again
 * exactly. A workspace that is a small share of the index is scanned instead (every one of
 * its points scored exactly, found through its workspace index) whenever that costs less,
 * by `indexCost`. So `topK` hits of the workspace are found whatever its share.
 */
const OVERFETCH = 2;
const MIN_FETCH = 100;

/**
 * What a request for `fetch` candidates costs, counted in points scored exactly (reading a
 * vector from the store and comparing it, which a scan does for each point): a fixed part,
 * the index's comparisons of quantized vectors (about CANDIDATE_SPREAD per candidate asked
 * for, at most one per point of the index; an exact score costs about COMPARISONS_PER_SCORE
 * of them), and the hits scored again. Fitted to measurements on 10,000 and 100,000
 * vectors of 512 dimensions (docs/search.md "Neo4j"); within a factor of 2 of both.
 */
const INDEX_OVERHEAD = 250;
const CANDIDATE_SPREAD = 25;
const COMPARISONS_PER_SCORE = 20;

function indexCost(fetch: number, total: number, rescore: number): number {
  return (
    INDEX_OVERHEAD + Math.min(total, fetch * CANDIDATE_SPREAD) / COMPARISONS_PER_SCORE + rescore
  );
}

/** Searches sent by path: see `WorkspaceVectorSearch.counts`. */
export interface SearchCounts {
  approximate: number;
  widened: number;
  exact: number;
}

/**
 * The searches of `Neo4jVectorIndex`: topK hits of one workspace out of Neo4j's vector
 * index over every workspace (which cannot be filtered), or out of a scan of the workspace.
 */
export class WorkspaceVectorSearch {
  private readonly paths: SearchCounts = { approximate: 0, widened: 0, exact: 0 };

  constructor(
    private readonly client: Neo4jClient,
    private readonly statements: VectorStatements,
  ) {}

  /** The hits, best first; undefined when the index is gone (dropped under the search). */
  async search(query: VectorQuery): Promise<VectorHit[] | undefined> {
    const vector = Array.from(query.vector);
    const entityType = query.entityType ?? null;
    const { total, selected } = await this.selection(query.workspaceId, entityType);
    if (selected === 0) {
      return [];
    }
    const rescore = OVERFETCH * query.topK;
    let fetch = Math.max(MIN_FETCH, Math.ceil((OVERFETCH * query.topK * total) / selected));
    for (let round = 0; ; round += 1) {
      if (selected <= indexCost(fetch, total, rescore)) {
        this.paths.exact += 1;
        return this.exact(query, vector, entityType);
      }
      this.paths[round === 0 ? 'approximate' : 'widened'] += 1;
      const asked = Math.min(fetch, total);
      const answer = await this.nearest(query.workspaceId, vector, entityType, asked, rescore);
      if (answer === undefined) {
        return undefined;
      }
      const hits = answer.hits.sort(byScore);
      const kept = hits.filter((h) => query.minScore === undefined || h.score >= query.minScore);
      // Done when topK hits remain, when the index gave all it has, or when a hit of the
      // workspace below minScore shows that the rest, farther still, would not count.
      if (
        kept.length >= query.topK ||
        answer.seen < asked ||
        asked >= total ||
        kept.length < hits.length
      ) {
        return kept.slice(0, query.topK);
      }
      // Widen by the share of the selection among the candidates seen (at least doubling;
      // none of them at all counts as one, so that the next request stays bounded).
      const share = Math.max(answer.kept, 1) / answer.seen;
      fetch = Math.max(2 * fetch, Math.ceil((OVERFETCH * query.topK) / share));
    }
  }

  /**
   * Searches this process sent by path since it started: `approximate` (the index, first
   * try), `widened` (the index again, asked for more) and `exact` (the workspace scanned).
   */
  counts(): SearchCounts {
    return { ...this.paths };
  }

  /** The points a search may return (`selected`) and every point of the index (`total`). */
  private selection(
    workspaceId: string,
    entityType: string | null,
  ): Promise<{ total: number; selected: number }> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, this.statements.selection, { workspaceId, entityType });
      return {
        total: countField(record, 'total'),
        selected: countField(record, 'selected'),
      };
    });
  }

  /**
   * The index's nearest `fetch` points: how many it gave (`seen`), how many of them are the
   * selection's (`kept`), and the best `rescore` of those scored exactly. Undefined when
   * the index is gone.
   */
  private async nearest(
    workspaceId: string,
    vector: number[],
    entityType: string | null,
    fetch: number,
    rescore: number,
  ): Promise<{ seen: number; kept: number; hits: VectorHit[] } | undefined> {
    try {
      return await this.client.read(async (tx) => {
        const record = await runOne(tx, VECTOR_NEAREST, {
          indexName: this.statements.indexName,
          fetch: toInt(fetch),
          vector,
          workspaceId,
          entityType,
          rescore: toInt(rescore),
        });
        if (!record) {
          return { seen: 0, kept: 0, hits: [] };
        }
        const hits = field(record, 'hits') as { nodeId: string; similarity: number }[];
        return {
          seen: toNumber(field(record, 'seen')),
          kept: toNumber(field(record, 'kept')),
          hits: hits.map((h) => ({ nodeId: h.nodeId, score: cosine(h.similarity) })),
        };
      });
    } catch (error) {
      if (error instanceof Neo4jError && /no such vector schema index/i.test(error.message)) {
        return undefined;
      }
      throw error;
    }
  }

  /** The workspace's (and entity type's) topK points, every one scored exactly. */
  private exact(query: VectorQuery, vector: number[], entityType: string | null) {
    return this.client.read(async (tx) => {
      const records = await runAll(tx, this.statements.exact, {
        workspaceId: query.workspaceId,
        entityType,
        vector,
        limit: toInt(query.topK),
      });
      return records
        .map((r) => ({
          nodeId: field(r, 'nodeId') as string,
          score: cosine(toNumber(field(r, 'similarity'))),
        }))
        .filter((hit) => query.minScore === undefined || hit.score >= query.minScore);
    });
  }
}

/** Cosine similarity from Neo4j's normalised score (1 + cosine) / 2, clamped to [-1, 1]. */
function cosine(similarity: number): number {
  return Math.min(1, Math.max(-1, 2 * similarity - 1));
}

/** Best first; ties by node id, as the other adapters order them. */
function byScore(a: VectorHit, b: VectorHit): number {
  return b.score - a.score || (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0);
}
