import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../src/cypher/index';
import { announceSkip, neo4jTarget } from '../../support/neo4j';
import { CORPUS } from './corpus';
import { HOSTILE } from './hostile';
import { CypherOracle, type OracleInput } from './oracle';

/** The files of cypher/examples (written for Neo4j Browser, with their workspace). */
const EXAMPLES = path.join(__dirname, '../../../cypher/examples');
const EXAMPLE_PARAMETERS = {
  nodeId: 't1',
  types: ['FEEDS', 'FLOWS_TO'],
  fromId: 'p3',
  toId: 't1',
  entityType: 'Pump',
  status: 'on',
};

/** An example file as the endpoint takes it: without its workspace conditions (docs/cypher.md). */
function exampleInput(file: string): OracleInput {
  const text = fs.readFileSync(path.join(EXAMPLES, file), 'utf8');
  return {
    query: text
      .replaceAll(' {workspaceId: $workspaceId}', '')
      .replaceAll('workspaceId: $workspaceId, ', ''),
    parameters: EXAMPLE_PARAMETERS,
  };
}

/**
 * Neo4j as the oracle of the corpus and the hostile queries: each answers the same on both
 * engines in the canonical form of cypher/oracle.ts (the contract, run by sqlite.test.ts and
 * neo4j.test.ts, checks the answers themselves, which JSON shows; this also runs each on a
 * graph written in reverse order).
 */
const target = neo4jTarget();
if (!target.available) {
  announceSkip('the comparison of the corpus', target.reason);
}
describe('the corpus and hostile queries answer as on Neo4j', () => {
  let oracle: CypherOracle | null = null;
  beforeAll(async () => {
    oracle = target.available ? await CypherOracle.open() : null;
  }, 60_000);
  afterAll(() => oracle?.close());

  const inputs: [string, OracleInput][] = [...CORPUS, ...HOSTILE].map((c) => [
    c.name,
    { query: c.query, parameters: c.parameters ?? {} },
  ]);
  (target.available ? it : it.skip).each(inputs)('%s', async (_name, input) => {
    const verdict = await oracle!.compare(input);
    // Refused by the analyzer (the same 400 on both engines), or else the same answer.
    expect(verdict).toEqual(verdict.kind === 'refused' ? { kind: 'refused' } : { kind: 'same' });
  });

  // The command log (14) is one of the service's own records, which the endpoint refuses.
  const examples = fs.readdirSync(EXAMPLES).filter((file) => file.endsWith('.cypher'));
  (target.available ? it : it.skip).each(examples.filter((f) => !f.startsWith('14-')))(
    'runs example %s on both engines, with the same answer',
    async (file) => {
      const input = exampleInput(file);
      expect(await oracle!.compare(input)).toEqual({ kind: 'same' });
      expect(await oracle!.answer('sqlite', input)).toHaveProperty('rows');
    },
  );
  it('refuses example 14, the command log', () => {
    const input = exampleInput('14-recent-commands.cypher');
    expect(() =>
      prepareCypher(input.query, input.parameters, DEFAULT_CYPHER_LIMITS, Date.now()),
    ).toThrow(expect.objectContaining({ code: 'CYPHER_UNSUPPORTED' }));
  });
});
