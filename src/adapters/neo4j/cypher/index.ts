/**
 * The Cypher endpoint on Neo4j: the engine (the CypherEngine port's implementation) and
 * the emitter it runs, exported for the contract suite and the emitter's unit tests.
 */
export { Neo4jCypherEngine } from './engine';
export { emitCypher, type EmittedCypher, type EmitOptions } from './emit-query';
export { WORKSPACE_PARAM } from './emit-context';
