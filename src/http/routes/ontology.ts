import type { Request } from 'express';
import { z } from 'zod';
import type { TypeKind } from '../../domain/ontology';
import { typeName } from '../../domain/properties';
import {
  entityTypeSchema,
  relationshipTypeSchema,
  settingsSchema,
} from '../../ontology/definition-schema';
import type { OntologyService, TypeInput } from '../../ontology/ontology-service';
import { ontologyView, settingsView, typeView } from '../../ontology/views';
import { parsePage } from '../paging';
import { sendData, sendPage } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

const nameParams = z.object({ name: typeName('name') });
const listQuery = z
  .object({ limit: z.string().optional(), offset: z.string().optional() })
  .strict();
const changeQuery = z
  .object({
    validateExisting: z
      .enum(['true', 'false'], { message: 'validateExisting must be true or false' })
      .optional(),
  })
  .strict();
const noQuery = z.object({}).strict();

/** `?validateExisting=false` turns the check of the records in place off. */
function validateExisting(req: Request): boolean {
  return parseInput(changeQuery, req.query, 'query').validateExisting !== 'false';
}

/** The path segment of each kind. */
const SEGMENT: Record<TypeKind, string> = {
  entity: 'entity-types',
  relationship: 'relationship-types',
};

function typeInput(kind: TypeKind, name: string, body: unknown): TypeInput {
  return kind === 'entity'
    ? { kind, name, definition: parseInput(entityTypeSchema, body, 'body') }
    : { kind, name, definition: parseInput(relationshipTypeSchema, body, 'body') };
}

/**
 * The ontology's types (docs/ontology.md, "Types"): the whole schema, each kind as a list,
 * and PUT/GET/DELETE of one type by name. Reads need read:nodes; changes write:ontology.
 */
export function ontologyRoutes(deps: { ontology: OntologyService }): RouteDef[] {
  const read = { workspace: 'required', scope: 'read:nodes' } as const;
  const write = { workspace: 'required', scope: 'write:ontology' } as const;
  const kindRoutes = (kind: TypeKind): RouteDef[] => {
    const base = `/api/ontology/${SEGMENT[kind]}`;
    return [
      {
        method: 'get',
        path: base,
        access: read,
        handler: async (req, res) => {
          const { workspaceId } = workspaceOf(req.ctx);
          const page = parsePage(parseInput(listQuery, req.query, 'query'));
          const { types } = await deps.ontology.read(workspaceId);
          const ofKind = types.filter((t) => t.kind === kind);
          const items = ofKind.slice(page.offset, page.offset + page.limit).map(typeView);
          sendPage(res, items, ofKind.length, page);
        },
      },
      {
        method: 'get',
        path: `${base}/:name`,
        access: read,
        handler: async (req, res) => {
          const { workspaceId } = workspaceOf(req.ctx);
          const { name } = parseInput(nameParams, req.params, 'params');
          parseInput(noQuery, req.query, 'query');
          sendData(res, 200, typeView(await deps.ontology.getType(workspaceId, kind, name)));
        },
      },
      {
        method: 'put',
        path: `${base}/:name`,
        access: write,
        handler: async (req, res) => {
          const { workspaceId, principal } = workspaceOf(req.ctx);
          const { name } = parseInput(nameParams, req.params, 'params');
          const options = { validateExisting: validateExisting(req), actorId: principal.actorId };
          const input = typeInput(kind, name, req.body);
          const result = await deps.ontology.putType(workspaceId, input, options);
          sendData(res, result.created ? 201 : 200, typeView(result.type));
        },
      },
      {
        method: 'delete',
        path: `${base}/:name`,
        access: write,
        handler: async (req, res) => {
          const { workspaceId, principal } = workspaceOf(req.ctx);
          const { name } = parseInput(nameParams, req.params, 'params');
          parseInput(noQuery, req.query, 'query');
          await deps.ontology.deleteType(workspaceId, kind, name, { actorId: principal.actorId });
          sendData(res, 200, { name, deleted: true });
        },
      },
    ];
  };
  return [
    {
      method: 'get',
      path: '/api/ontology',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        parseInput(noQuery, req.query, 'query');
        sendData(res, 200, ontologyView(await deps.ontology.read(workspaceId)));
      },
    },
    {
      method: 'get',
      path: '/api/ontology/settings',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        parseInput(noQuery, req.query, 'query');
        sendData(res, 200, settingsView((await deps.ontology.read(workspaceId)).settings));
      },
    },
    {
      method: 'put',
      path: '/api/ontology/settings',
      access: write,
      handler: async (req, res) => {
        const { workspaceId, principal } = workspaceOf(req.ctx);
        const options = { validateExisting: validateExisting(req), actorId: principal.actorId };
        const { strictOntology } = parseInput(settingsSchema, req.body, 'body');
        const settings = await deps.ontology.setSettings(workspaceId, strictOntology, options);
        sendData(res, 200, settingsView(settings));
      },
    },
    ...kindRoutes('entity'),
    ...kindRoutes('relationship'),
  ];
}
