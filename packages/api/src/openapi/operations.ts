import type { OpenAPIObject } from 'trpc-to-openapi';
import { appRouter } from '../routers';
import type { ApiMeta } from '../trpc';

/** The parts of an OpenAPI document this folder reads and writes, loosely typed. */
export type JsonSchema = Record<string, unknown>;
export type MediaType = { schema?: JsonSchema; example?: unknown };
export type Response =
  | { description: string; headers?: Record<string, unknown>; content?: Record<string, MediaType> }
  | { $ref: string };
export type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
};
export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
  [extension: `x-${string}`]: unknown;
};

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One REST operation of the document with the procedure behind it. */
export type DocumentedOperation = {
  path: string;
  method: HttpMethod;
  operation: Operation;
  meta: ApiMeta;
  type: 'query' | 'mutation' | 'subscription';
};

type ProcedureDef = { _def: { meta?: ApiMeta; type: DocumentedOperation['type'] } };

/** trpc-to-openapi writes each path as declared, with surrounding slashes trimmed to one leading slash. */
function normalizePath(path: string): string {
  return `/${path.replace(/^\/+|\/+$/g, '')}`;
}

/** The procedures' meta, keyed the way the document keys its operations (`post /category`). */
function proceduresByOperation(): Map<string, { meta: ApiMeta; type: DocumentedOperation['type'] }> {
  const byOperation = new Map<string, { meta: ApiMeta; type: DocumentedOperation['type'] }>();
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  for (const procedure of Object.values(procedures)) {
    const { meta, type } = (procedure as ProcedureDef)._def;
    if (!meta?.openapi) continue;
    byOperation.set(`${meta.openapi.method.toLowerCase()} ${normalizePath(meta.openapi.path)}`, {
      meta,
      type,
    });
  }
  return byOperation;
}

/** Every operation of the document with its procedure's meta, in the document's order. */
export function documentedOperations(document: OpenAPIObject): DocumentedOperation[] {
  const procedures = proceduresByOperation();
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      const procedure = procedures.get(`${method} ${path}`);
      if (operation && procedure) operations.push({ path, method, operation, ...procedure });
    }
  }
  return operations;
}

/** Every tag the procedures use, in the order they first appear. */
export function procedureTags(): string[] {
  const tags = [...proceduresByOperation().values()].flatMap(({ meta }) => meta.openapi?.tags ?? []);
  return [...new Set(tags)];
}

export function isBodyMethod(method: HttpMethod): boolean {
  return method === 'post' || method === 'put' || method === 'patch';
}

export function jsonMedia(
  holder: { content?: Record<string, MediaType> } | undefined,
): MediaType | undefined {
  return holder?.content?.['application/json'];
}
