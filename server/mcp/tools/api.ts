import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { requireApiChangeRead } from '../../access/apiChanges.ts';
import { loadItem, requireWholeItemEdit } from '../../access/items.ts';
import { listApiVersions, apiVersionInfo, latestApiSnapshots } from '../../commands/apiChanges/readApiVersions.ts';
import { importFile } from '../../commands/tree/importFile.ts';
import { actorRef } from '../../policies/actor.ts';
import type { Services } from '../../services.ts';
import { formatDateTime } from '../../../core/time.ts';
import { decodeCursor, encodeCursor, MCP_LIMITS } from '../limits.ts';
import { defineTool } from '../tool.ts';

/** The imported OpenAPI operations of an item: the latest snapshot of each stream (what apiChange/* diffs). */
async function operationsOf(services: Services, itemId: number) {
  const snapshots = await latestApiSnapshots(services.db, itemId);
  return snapshots.flatMap((s) => s.snapshot.operations.map((op) => ({ op, schemas: s.snapshot.schemas ?? {}, stream: s.stream })));
}

const itemId = z.number().int().positive();
/** A free-form JSON object (schemas as the importer normalised them): declared as such, so strict clients accept the tool. */
const jsonObject = z.looseObject({}).meta({ additionalProperties: true });

export const apiTools = [
  defineTool({
    name: 'folio_list_api_operations',
    title: 'List an item’s API operations',
    description:
      'The HTTP operations of the OpenAPI/Postman descriptions imported into an item (method, path, operationId, summary). ' +
      'Get one operation’s parameters and request/response schemas with folio_get_api_operation.',
    input: z.object({ item_id: itemId, cursor: z.string().optional() }),
    output: z.object({
      item_id: z.number(),
      total: z.number(),
      operations: z.array(
        z.object({ method: z.string(), path: z.string(), operation_id: z.string().optional(), summary: z.string().optional(), deprecated: z.boolean() }),
      ),
      next_cursor: z.string().optional(),
    }),
    write: false,
    idempotent: true,
    async run({ services, actor }, input) {
      const id = await requireApiChangeRead(services, actor, { itemId: input.item_id });
      const all = await operationsOf(services, id);
      const start = decodeCursor(input.cursor);
      const slice = all.slice(start, start + MCP_LIMITS.listRows);
      return {
        item_id: id,
        total: all.length,
        operations: slice.map(({ op }) => ({
          method: op.method,
          path: op.path,
          ...(op.operationId ? { operation_id: op.operationId } : {}),
          ...(op.summary ? { summary: op.summary } : {}),
          deprecated: !!op.deprecated,
        })),
        ...(start + slice.length < all.length ? { next_cursor: encodeCursor(start + slice.length) } : {}),
      };
    },
  }),

  defineTool({
    name: 'folio_get_api_operation',
    title: 'Get one API operation',
    description:
      'One imported API operation as structured data: parameters, request body and responses with their JSON schemas. ' +
      '`schemas` holds the named schemas that `{"$ref": …}` entries point to.',
    input: z.object({ item_id: itemId, method: z.string().trim().min(1).max(10), path: z.string().trim().min(1).max(2000) }),
    output: z.object({
      item_id: z.number(),
      method: z.string(),
      path: z.string(),
      operation_id: z.string().optional(),
      summary: z.string().optional(),
      description: z.string().optional(),
      deprecated: z.boolean(),
      parameters: z.array(jsonObject),
      request_body: jsonObject.optional(),
      responses: z.record(z.string(), jsonObject),
      security: z.array(z.array(z.string())),
      schemas: z.record(z.string(), jsonObject),
    }),
    write: false,
    idempotent: true,
    async run({ services, actor }, input) {
      const id = await requireApiChangeRead(services, actor, { itemId: input.item_id });
      const method = input.method.toUpperCase();
      const found = (await operationsOf(services, id)).find(({ op }) => op.method === method && op.path === input.path);
      if (!found) throw errors.validation(`path: the item has no operation ${method} ${input.path}; list them with folio_list_api_operations`);
      const { op, schemas } = found;
      return {
        item_id: id,
        method: op.method,
        path: op.path,
        ...(op.operationId ? { operation_id: op.operationId } : {}),
        ...(op.summary ? { summary: op.summary } : {}),
        ...(op.description ? { description: op.description } : {}),
        deprecated: !!op.deprecated,
        parameters: op.parameters as unknown as Record<string, unknown>[],
        ...(op.requestBody ? { request_body: op.requestBody as unknown as Record<string, unknown> } : {}),
        responses: op.responses as unknown as Record<string, Record<string, unknown>>,
        security: op.security,
        schemas: schemas as unknown as Record<string, Record<string, unknown>>,
      };
    },
  }),

  defineTool({
    name: 'folio_list_api_changes',
    title: 'List an item’s API versions and breaking changes',
    description:
      'The recorded versions of the item’s API, newest first, each with its counts of added, removed, changed and breaking operations. ' +
      'Pass version_id to get that version’s changed operations with the reason for each breaking change.',
    input: z.object({ item_id: itemId, version_id: z.number().int().positive().optional() }),
    output: z.object({
      item_id: z.number(),
      versions: z.array(
        z.object({
          version_id: z.number(),
          number: z.number(),
          created_at: z.string(),
          source: z.string(),
          added: z.number(),
          removed: z.number(),
          changed: z.number(),
          breaking: z.number(),
        }),
      ),
      operations: z
        .array(
          z.object({
            method: z.string(),
            path: z.string(),
            change: z.string(),
            breaking: z.boolean(),
            reasons: z.array(z.object({ rule: z.string(), breaking: z.boolean(), message: z.string() })),
            page_id: z.number().optional().describe('the operation’s page, when it has one'),
          }),
        )
        .optional(),
    }),
    write: false,
    idempotent: true,
    async run({ services, actor }, input) {
      const id = await requireApiChangeRead(services, actor, { itemId: input.item_id });
      const versions = await listApiVersions(services.db, id, MCP_LIMITS.listRows);
      let operations;
      if (input.version_id) {
        const info = await apiVersionInfo(services.db, input.version_id);
        if (!info || info.item_id !== id) throw errors.validation('version_id: not an API version of this item');
        operations = info.operations.slice(0, MCP_LIMITS.listRows).map(({ page_id: pageId, ...o }) => ({
          ...o,
          reasons: o.reasons.map((r) => ({ rule: r.rule, breaking: r.breaking, message: r.message })),
          ...(pageId !== null ? { page_id: pageId } : {}),
        }));
      }
      return {
        item_id: id,
        versions: versions.map((v) => ({
          version_id: v.version_id,
          number: v.number,
          created_at: formatDateTime(v.created_at, services.config.TIMEZONE),
          source: v.source.name,
          ...v.summary,
        })),
        ...(operations ? { operations } : {}),
      };
    },
  }),

  defineTool({
    name: 'folio_import_openapi',
    title: 'Import an OpenAPI description into an item',
    description:
      'Imports an OpenAPI (3.x) or Swagger (2.0) description, JSON or YAML text, into an item: one page per operation, created or updated in place, ' +
      'and a new API version recorded with its breaking changes (as the web import does). Needs the right to edit the whole item.',
    input: z.object({
      item_id: itemId,
      spec: z.string().min(2).max(MCP_LIMITS.specChars),
      file_name: z.string().trim().max(200).optional().describe('shown as the version’s source, e.g. openapi.yaml'),
    }),
    output: z.object({
      item_id: z.number(),
      api_version: z
        .object({
          version_id: z.number(),
          number: z.number(),
          summary: z.object({ added: z.number(), removed: z.number(), changed: z.number(), breaking: z.number() }),
        })
        .optional(),
      warnings_total: z.number(),
    }),
    write: true,
    idempotent: true,
    auditTarget: async (input) => ({ itemId: input.item_id, target: `OpenAPI import ${input.file_name || ''}`.trim() }),
    async run({ services, actor }, input) {
      requireWholeItemEdit(await loadItem(services, actor, input.item_id));
      const fileName = path.basename(input.file_name || (input.spec.trimStart().startsWith('{') ? 'openapi.json' : 'openapi.yaml'));
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-mcp-'));
      try {
        const file = path.join(dir, 'spec');
        await fs.writeFile(file, input.spec);
        const result = await importFile(services, { path: file, fileName, lang: 'en', owner: actorRef(actor), itemId: input.item_id });
        return { item_id: result.item_id, ...(result.api_version ? { api_version: result.api_version } : {}), warnings_total: result.warnings_total ?? 0 };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  }),
];
