import type { Random } from './random';
import {
  createResolver,
  deepArrays,
  deepObjects,
  hostileValue,
  plausibleValue,
  type Resolver,
  type Schema,
  toJsonText,
  withUnknownKeys,
} from './schema-values';

type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export type FuzzOperation = {
  operationId: string;
  method: string;
  /** OpenAPI form relative to the REST base: `/category/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: Schema | undefined;
};

export type OpenApiDocument = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, in a fixed order (path, then method), and the `$ref` resolver. */
export function readOperations(document: OpenApiDocument): {
  operations: FuzzOperation[];
  resolve: Resolver;
} {
  const operations: FuzzOperation[] = [];
  for (const path of Object.keys(document.paths ?? {}).sort()) {
    const item = document.paths?.[path] ?? {};
    for (const method of METHODS) {
      const operation = item[method] as
        | {
            operationId?: string;
            parameters?: Parameter[];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
          }
        | undefined;
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        operationId: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return { operations, resolve: createResolver(document.components?.schemas) };
}

/** A request ready to send, relative to the server's origin. */
export type FuzzRequest = {
  method: string;
  /** Path and query string, percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Which hostile change the request carries (`plausible` for none). */
  mutation: string;
};

/** Path parameters that are not a valid id: signs, fractions, huge numbers, encodings, text. */
const HOSTILE_PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '1e3',
  ' 1',
  '0x10',
  'NaN',
  'Infinity',
  'abc',
  '2147483648',
  '9007199254740993',
  '9'.repeat(40),
  '%00',
  '1%00',
  '%2e%2e',
  '%F0%9F%99%82',
  '%ff',
  'null',
  'x'.repeat(4000),
];

/** Whole bodies that are not the object an operation expects, or not JSON at all. */
const HOSTILE_BODIES = [
  'null',
  '[]',
  '"szöveg"',
  '42',
  'true',
  '{',
  '{"a":',
  'nem json',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[{"a":1}]',
  toJsonText(deepArrays(100_000)),
  toJsonText(deepObjects(10_000)),
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

const HOSTILE_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
];

const HOSTILE_TOKENS = ['x', 'null', 'undefined', 'Bearer', 'a'.repeat(2000), "' OR 1=1 --", '%00'];

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? '1');
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : toJsonText(value);
}

type Mutation = 'field' | 'missing' | 'unknown' | 'body' | 'contentType' | 'path' | 'query' | 'token';

function mutationsFor(operation: FuzzOperation): Mutation[] {
  const usesBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  const mutations: Mutation[] = ['token'];
  if (usesBody) mutations.push('field', 'field', 'field', 'missing', 'unknown', 'body', 'contentType');
  if (operation.pathParams.length) mutations.push('path', 'path');
  if (!usesBody) mutations.push('query', 'query');
  return mutations;
}

/** Replaces one field, at any depth, of a plausible value with a hostile one. */
function mutateField(value: unknown, schema: Schema, random: Random, resolve: Resolver): unknown {
  const resolved = resolve(schema);
  const branch = resolved.anyOf ?? resolved.oneOf;
  const target = branch?.length ? resolve(random.pick(branch)) : resolved;
  if (Array.isArray(value) && value.length && target.items && random.chance(0.6)) {
    const index = random.int(0, value.length - 1);
    const copy = [...value];
    copy[index] = mutateField(copy[index], target.items, random, resolve);
    return copy;
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && target.properties) {
    const names = Object.keys(target.properties);
    if (names.length) {
      const name = random.pick(names);
      const property = target.properties[name] ?? {};
      const current = (value as Record<string, unknown>)[name];
      const deeper =
        current !== undefined && typeof current === 'object' && current !== null && random.chance(0.5);
      return {
        ...value,
        [name]: deeper
          ? mutateField(current, property, random, resolve)
          : hostileValue(property, random, resolve),
      };
    }
  }
  return hostileValue(schema, random, resolve);
}

function withoutRequired(value: unknown, schema: Schema, random: Random, resolve: Resolver): unknown {
  const required = resolve(schema).required ?? [];
  if (!required.length || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const { [random.pick(required)]: _removed, ...rest } = value as Record<string, unknown>;
  return rest;
}

/**
 * One request for an operation: plausible (`hostile` false) or carrying one hostile change drawn
 * from what the operation takes (body fields, the whole body, content type, path and query
 * parameters, the token).
 */
export function buildRequest(
  operation: FuzzOperation,
  options: { random: Random; resolve: Resolver; token: string | undefined; hostile: boolean },
): FuzzRequest {
  const { random, resolve } = options;
  const mutation: Mutation | 'plausible' = options.hostile
    ? random.pick(mutationsFor(operation))
    : 'plausible';
  const headers: Record<string, string> = {};
  if (options.token) headers.token = options.token;
  if (mutation === 'token') {
    if (random.chance(0.5)) headers.token = random.pick(HOSTILE_TOKENS);
    else headers.authorization = `Bearer ${random.pick(HOSTILE_TOKENS)}`;
  }

  const pathValues: Record<string, string> = {};
  for (const parameter of operation.pathParams) {
    pathValues[parameter.name] = encodeURIComponent(
      String(plausibleValue(parameter.schema ?? {}, random, resolve, parameter.name)),
    );
  }
  if (mutation === 'path') {
    const parameter = random.pick(operation.pathParams);
    pathValues[parameter.name] = random.pick(HOSTILE_PATH_VALUES);
  }

  const query = new URLSearchParams();
  for (const parameter of operation.queryParams) {
    if (parameter.required || random.chance(0.5)) {
      query.append(
        parameter.name,
        queryText(plausibleValue(parameter.schema ?? {}, random, resolve, parameter.name)),
      );
    }
  }
  if (mutation === 'query') {
    const known = operation.queryParams;
    const choice = random.int(0, 3);
    if (choice === 0 || !known.length)
      query.append(random.pick(['parentId', 'x', '__proto__', 'a[b]']), 'szöveg');
    else {
      const parameter = random.pick(known);
      const bad = queryText(hostileValue(parameter.schema ?? {}, random, resolve));
      if (choice === 1) query.set(parameter.name, bad);
      else {
        query.append(parameter.name, bad);
        query.append(parameter.name, bad);
      }
    }
  }

  let body: string | undefined;
  const usesBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  if (usesBody) {
    const schema = operation.body ?? { type: 'object' };
    let value: unknown = plausibleValue(schema, random, resolve);
    if (mutation === 'field') value = mutateField(value, schema, random, resolve);
    if (mutation === 'missing') value = withoutRequired(value, schema, random, resolve);
    if (mutation === 'unknown') value = withUnknownKeys(value, random);
    body = mutation === 'body' ? random.pick(HOSTILE_BODIES) : toJsonText(value);
    headers['content-type'] =
      mutation === 'contentType' ? random.pick(HOSTILE_CONTENT_TYPES) : 'application/json';
  }

  const search = query.toString();
  return {
    method: operation.method,
    url: `/api${fillPath(operation.path, pathValues)}${search ? `?${search}` : ''}`,
    headers,
    body,
    mutation,
  };
}

/** Keeps a large request printable: long runs of one character and long texts are shortened. */
export function describeRequest(request: FuzzRequest): string {
  const shorten = (text: string) =>
    text.replace(/(.)\1{40,}/gsu, (run, char: string) => `${char.repeat(8)}…(${run.length}×)`).slice(0, 1500);
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${shorten(value)}`)
    .join('; ');
  return `${request.method} ${shorten(request.url)} [${headers}]${request.body === undefined ? '' : ` ${shorten(request.body)}`}`;
}
