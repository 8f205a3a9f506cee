/**
 * Part 3 of bench:ontology: what ontology types add to CREATE_NODE. The same CREATE_NODE
 * body (10 properties) is executed through CommandService.execute, one after the other, on
 * one SQLite store opened as the service opens it (WAL, durable commits), into:
 *
 * - `untyped`: a workspace that defines no type (the baseline: one point read of the
 *   ontology's settings per transaction finds nothing);
 * - `typed`: a workspace whose entity type declares the 10 properties with constraints
 *   (pattern, bounds, enum, lengths, date and date-time, arrays) and additionalProperties
 *   false, so every property is checked on every command;
 * - `typed+unique` (a diagnostic, no goal): the same with `serial` unique, which adds one
 *   write to the unique index per command.
 *
 * Variants run in blocks of 50 commands, taking turns for the whole round, so that each
 * sees the same moments of a busy machine. Cost per command is the process's CPU
 * time (user + system, the thread pool's syncs included) per command, which the wait for
 * the disk does not blur; wall time per command is shown beside it. Goal: the median over
 * rounds of typed / untyped CPU per command <= 1.10.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { openDatabase } from '../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../src/adapters/sqlite/graph-store';
import { SqliteOntologyStore } from '../src/adapters/sqlite/ontology-store';
import { CommandService } from '../src/commands/command-service';
import { commandSchema } from '../src/commands/schemas';
import type { EntityTypeDefinition } from '../src/domain/ontology';
import { SCOPES } from '../src/domain/scopes';
import type { ValidationIssue } from '../src/errors';
import { compileSchema } from '../src/ontology/compiled-schema';
import { OntologyService } from '../src/ontology/ontology-service';
import { SchemaCache } from '../src/ontology/schema-cache';
import { systemClock } from '../src/ports/clock';
import { formatFixed, formatInt, median, range, renderTable } from './lib/stats';

/** Largest accepted cost of validation: typed CPU per command / untyped. */
export const TYPES_GOAL = 1.1;

const PROPERTIES = {
  serial: 'P-1042',
  rpm: 1450,
  flow: 12.5,
  active: true,
  state: 'on',
  installed: '2019-06-01',
  seen: '2026-11-25T05:00:00Z',
  tags: ['bench', 'pump'],
  readings: [1.5, 2.25, 3],
  note: 'Created by the types benchmark',
};

/** A type of 10 properties, each with the constraints its type allows. */
function pumpType(unique: boolean): EntityTypeDefinition {
  return {
    description: 'The benchmark pump',
    titleProperty: 'serial',
    properties: {
      serial: { type: 'string', required: true, pattern: '^P-[0-9]{1,8}$', unique },
      rpm: { type: 'integer', required: true, min: 0, max: 10_000 },
      flow: { type: 'number', min: 0, max: 1000 },
      active: { type: 'boolean' },
      state: { type: 'string', enum: ['on', 'off', 'service'] },
      installed: { type: 'date', min: '2000-01-01' },
      seen: { type: 'datetime', min: '2020-01-01T00:00:00Z' },
      tags: { type: 'string[]', maxLength: 10, pattern: '^[a-z]{1,20}$' },
      readings: { type: 'number[]', min: 0, maxLength: 100 },
      note: { type: 'string', minLength: 1, maxLength: 200 },
    },
    additionalProperties: false,
  };
}

type VariantName = 'untyped' | 'typed' | 'typed+unique';

const VARIANTS: readonly VariantName[] = ['untyped', 'typed', 'typed+unique'];
/** Commands per block of one variant. */
const BLOCK = 50;

/** Totals of one variant in one round. */
interface Sample {
  cpuUs: number;
  wallUs: number;
  ops: number;
}

const perOp = (s: Sample) => ({ cpu: s.cpuUs / s.ops, wall: s.wallUs / s.ops });

export interface TypesKnobs {
  rounds: number;
  durationS: number;
  warmupS: number;
}

/** Microseconds of one compiled check of PROPERTIES against the type (no store). */
function checkMicros(): number {
  const type = compileSchema({
    settings: { strictOntology: false, revision: 1, updatedAt: '' },
    types: [
      {
        kind: 'entity',
        name: 'Pump',
        version: 1,
        createdAt: '',
        updatedAt: '',
        definition: pumpType(false),
      },
    ],
  }).entityTypes.get('Pump')!;
  const issues: ValidationIssue[] = [];
  const runs = 20_000;
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) {
    issues.length = 0;
    type.checkProperties(PROPERTIES, issues);
  }
  if (issues.length > 0) {
    throw new Error(`the benchmark's properties break its type: ${JSON.stringify(issues)}`);
  }
  return ((performance.now() - start) * 1000) / runs;
}

/** Runs the part and prints its table and goal; returns whether the goal was met. */
export async function typesBenchmark(
  tmp: string,
  knobs: TypesKnobs,
  out: (line?: string) => void,
): Promise<boolean> {
  out();
  out('Part 3: ontology types (CREATE_NODE with and without a type of 10 properties)');
  const db = openDatabase({ filename: path.join(tmp, 'types.db') });
  try {
    const graph = new SqliteGraphStore(db);
    const schemas = new SchemaCache();
    const ontology = new OntologyService(graph, new SqliteOntologyStore(db), systemClock, schemas);
    const commands = new CommandService(graph, systemClock, {
      historyDepth: 100,
      idempotencyTtlMs: 24 * 60 * 60 * 1000,
      schemas,
    });
    const workspaces: Record<VariantName, string> = {
      untyped: randomUUID(),
      typed: randomUUID(),
      'typed+unique': randomUUID(),
    };
    await ontology.putType(workspaces.typed, {
      kind: 'entity',
      name: 'Pump',
      definition: pumpType(false),
    });
    await ontology.putType(workspaces['typed+unique'], {
      kind: 'entity',
      name: 'Pump',
      definition: pumpType(true),
    });

    let serial = 0;
    const one = async (variant: VariantName) => {
      serial += 1;
      // A fresh serial each time: the unique variant must never conflict.
      const body = {
        type: 'CREATE_NODE',
        payload: {
          entityType: 'Pump',
          name: `pump ${serial}`,
          properties: { ...PROPERTIES, serial: `P-${serial}` },
        },
      };
      await commands.execute(commandSchema.parse(body), {
        workspaceId: workspaces[variant],
        actorId: 'bench-actor',
        scopes: SCOPES,
      });
    };
    /** One block of commands of one variant, measured. */
    const block = async (variant: VariantName, into: Sample): Promise<void> => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      for (let i = 0; i < BLOCK; i += 1) {
        await one(variant);
      }
      const used = process.cpuUsage(cpu);
      into.cpuUs += used.user + used.system;
      into.wallUs += (performance.now() - start) * 1000;
      into.ops += BLOCK;
    };
    /**
     * Blocks of every variant in turn until `seconds` pass, so that every variant sees the
     * same moments of the machine (other processes, disk, GC) in equal measure.
     */
    const interleaved = async (seconds: number, round: number) => {
      const got = new Map<VariantName, Sample>(
        VARIANTS.map((v) => [v, { cpuUs: 0, wallUs: 0, ops: 0 }]),
      );
      const end = performance.now() + seconds * 1000 * VARIANTS.length;
      for (let turn = round; performance.now() < end; turn += 1) {
        for (let i = 0; i < VARIANTS.length; i += 1) {
          const variant = VARIANTS[(i + turn) % VARIANTS.length]!;
          await block(variant, got.get(variant)!);
        }
      }
      return got;
    };

    await interleaved(knobs.warmupS, 0);
    const samples = new Map<VariantName, Sample[]>(VARIANTS.map((v) => [v, []]));
    const ratios: number[] = [];
    for (let round = 0; round < knobs.rounds; round += 1) {
      const got = await interleaved(knobs.durationS, round);
      for (const variant of VARIANTS) {
        samples.get(variant)!.push(got.get(variant)!);
      }
      ratios.push(perOp(got.get('typed')!).cpu / perOp(got.get('untyped')!).cpu);
    }

    const rows: string[][] = [['variant', 'CPU us/command', 'wall us/command', 'commands/s']];
    for (const variant of VARIANTS) {
      const list = samples.get(variant)!.map(perOp);
      const cpu = median(list.map((s) => s.cpu));
      const wall = median(list.map((s) => s.wall));
      rows.push([variant, formatFixed(cpu, 1), formatFixed(wall, 1), formatInt(1e6 / wall)]);
    }
    out(renderTable(rows).replace(/^/gm, '  '));
    const ratio = median(ratios);
    const spread = range(ratios);
    const met = ratio <= TYPES_GOAL;
    out(
      `  typed / untyped CPU per command: ${formatFixed(ratio, 3)} (rounds ${formatFixed(spread.min, 3)}-` +
        `${formatFixed(spread.max, 3)}); goal <= ${formatFixed(TYPES_GOAL, 2)}: ` +
        (met ? 'met' : 'NOT met'),
    );
    out(
      `  diagnostic: the compiled check of the 10 properties alone takes ` +
        `${formatFixed(checkMicros(), 2)} us per node`,
    );
    return met;
  } finally {
    db.close();
  }
}
