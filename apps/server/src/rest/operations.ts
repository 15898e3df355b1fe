import type { AnyProcedure, AnyRouter } from '@trpc/server';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** How a REST parameter that arrives as text (path or query) is turned into the type its field expects. */
export type FieldKind = 'number' | 'boolean' | 'string' | 'other';
export type FieldShape = { kind: FieldKind; array: boolean };

export type RestOperation = {
  method: HttpMethod;
  /** OpenAPI form, relative to /api: `/category/{id}`. */
  path: string;
  /** Fastify form, relative to /api: `/category/:id`. */
  routePath: string;
  pathParams: string[];
  /** The same id trpc-to-openapi writes into the OpenAPI document. */
  operationId: string;
  procedurePath: string;
  type: 'query' | 'mutation';
  /** False when the procedure takes no input (none declared, or z.void()): it is then called with none. */
  hasInput: boolean;
  /** Field shapes of an object input, used to read text parameters; empty for other inputs. */
  fields: Map<string, FieldShape>;
  /**
   * The procedure answers a file (`{ filename, contentType, content }`), sent as the response body:
   * 'text' as it is, 'base64' decoded (PDFs, spreadsheets).
   */
  download: false | 'text' | 'base64';
  /**
   * The procedure also takes its file as the raw request body, in one of these types, up to `maxBytes`
   * (`upload` in the api's meta); false for every other operation.
   */
  upload: false | RawUpload;
};

export type RawUpload = { contentTypes: readonly string[]; maxBytes: number; tooLarge: string };

type OpenApiMeta = {
  download?: boolean | 'pdf' | 'spreadsheet';
  upload?: RawUpload;
  openapi?: { enabled?: boolean; method: HttpMethod; path: string; operationId?: string };
};

function downloadKind(download: OpenApiMeta['download']): RestOperation['download'] {
  if (download === 'pdf' || download === 'spreadsheet') return 'base64';
  return download === true ? 'text' : false;
}

type ZodLike = { _zod: { def: { type: string } & Record<string, unknown> } };

function isZodLike(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** Looks through wrappers that do not change what a text parameter must become. */
function unwrap(schema: ZodLike): ZodLike {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return isZodLike(def.innerType) ? unwrap(def.innerType) : schema;
    case 'pipe':
      return isZodLike(def.in) ? unwrap(def.in) : schema;
    case 'lazy': {
      const getter = def.getter;
      const inner: unknown = typeof getter === 'function' ? getter() : undefined;
      return isZodLike(inner) ? unwrap(inner) : schema;
    }
    default:
      return schema;
  }
}

function fieldKind(schema: ZodLike): FieldKind {
  switch (unwrap(schema)._zod.def.type) {
    case 'number':
    case 'int':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
    case 'enum':
    case 'literal':
      return 'string';
    default:
      return 'other';
  }
}

function fieldShape(schema: ZodLike): FieldShape {
  const inner = unwrap(schema);
  if (inner._zod.def.type === 'array' && isZodLike(inner._zod.def.element)) {
    return { kind: fieldKind(inner._zod.def.element), array: true };
  }
  return { kind: fieldKind(inner), array: false };
}

const VOID_TYPES = new Set(['void', 'undefined', 'never']);

function isVoidInput(inputs: unknown[]): boolean {
  return (
    inputs.length === 0 ||
    inputs.every((input) => isZodLike(input) && VOID_TYPES.has(unwrap(input)._zod.def.type))
  );
}

/** tRPC merges several `.input()` objects into one, so their fields are merged here too. */
function objectFields(inputs: unknown[]): Map<string, FieldShape> {
  const fields = new Map<string, FieldShape>();
  for (const input of inputs) {
    if (!isZodLike(input)) continue;
    const object = unwrap(input);
    const shape = object._zod.def.shape;
    if (object._zod.def.type !== 'object' || typeof shape !== 'object' || shape === null) continue;
    for (const [name, field] of Object.entries(shape)) {
      if (isZodLike(field)) fields.set(name, fieldShape(field));
    }
  }
  return fields;
}

function isProcedure(value: unknown): value is AnyProcedure {
  return typeof value === 'function' && '_def' in value;
}

/** Every procedure that declares `meta.openapi`, read from the same metadata trpc-to-openapi documents, so
 * the REST routes and the OpenAPI document cannot disagree. */
export function listRestOperations(router: AnyRouter): RestOperation[] {
  const operations: RestOperation[] = [];
  const procedures: Record<string, unknown> = router._def.procedures;
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    if (!isProcedure(procedure)) continue;
    const def = procedure._def;
    const meta = def.meta as OpenApiMeta | undefined;
    const openapi = meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    if (def.type === 'subscription') continue;
    const path = `/${openapi.path.replace(/^\/+|\/+$/g, '')}`;
    const pathParams = Array.from(path.matchAll(/\{(.+?)\}/g), (match) => match[1] ?? '');
    const inputs: unknown[] = def.inputs;
    operations.push({
      method: openapi.method,
      path,
      routePath: path.replace(/\{(.+?)\}/g, ':$1'),
      pathParams,
      operationId: openapi.operationId ?? procedurePath.replace(/\./g, '-'),
      procedurePath,
      type: def.type,
      hasInput: !isVoidInput(inputs),
      fields: objectFields(inputs),
      download: downloadKind(meta?.download),
      upload: meta?.upload
        ? {
            contentTypes: meta.upload.contentTypes,
            maxBytes: meta.upload.maxBytes,
            tooLarge: meta.upload.tooLarge,
          }
        : false,
    });
  }
  return operations;
}
