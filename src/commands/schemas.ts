import { z } from 'zod';
import { propertiesPatchSchema, propertiesSchema, recordId, typeName } from '../domain/properties';

const name = z
  .string({ message: 'name must be a string' })
  .trim()
  .min(1, 'name must not be empty')
  .max(1000, 'name must be at most 1000 characters');

const expectedVersion = z
  .number({ message: 'expectedVersion must be a number' })
  .int('expectedVersion must be an integer')
  .positive('expectedVersion must be positive');

const noPayload = z.object({}).strict().optional().default({});

/**
 * The body of POST /api/commands/execute (docs/ontology.md): a discriminated union on
 * `type`. Unknown payload fields are rejected so typos do not pass silently.
 */
export const commandSchema = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('CREATE_NODE'),
        payload: z
          .object({
            entityType: typeName('entityType'),
            name,
            properties: propertiesSchema('node').optional().default({}),
            id: recordId.optional(),
          })
          .strict(),
      })
      .strict(),
    z
      .object({
        type: z.literal('UPDATE_NODE'),
        payload: z
          .object({
            id: recordId,
            name: name.optional(),
            entityType: typeName('entityType').optional(),
            properties: propertiesPatchSchema.optional(),
            expectedVersion: expectedVersion.optional(),
          })
          .strict()
          .refine(
            (p) => p.name !== undefined || p.entityType !== undefined || p.properties !== undefined,
            { message: 'UPDATE_NODE needs at least one of name, entityType, properties' },
          ),
      })
      .strict(),
    z
      .object({
        type: z.literal('DELETE_NODE'),
        payload: z.object({ id: recordId, expectedVersion: expectedVersion.optional() }).strict(),
      })
      .strict(),
    z
      .object({
        type: z.literal('CREATE_EDGE'),
        payload: z
          .object({
            type: typeName('type'),
            sourceId: recordId,
            targetId: recordId,
            properties: propertiesSchema('edge').optional().default({}),
            id: recordId.optional(),
          })
          .strict(),
      })
      .strict(),
    z
      .object({
        type: z.literal('DELETE_EDGE'),
        payload: z.object({ id: recordId, expectedVersion: expectedVersion.optional() }).strict(),
      })
      .strict(),
    z.object({ type: z.literal('UNDO'), payload: noPayload }).strict(),
    z.object({ type: z.literal('REDO'), payload: noPayload }).strict(),
  ],
  {
    error: () =>
      'type must be one of CREATE_NODE, UPDATE_NODE, DELETE_NODE, CREATE_EDGE, DELETE_EDGE, UNDO, REDO',
  },
);

export type Command = z.infer<typeof commandSchema>;
export type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;
