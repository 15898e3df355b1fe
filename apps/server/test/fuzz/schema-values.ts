import type { Random } from './random';

/** The part of JSON Schema (as trpc-to-openapi writes it) the generator reads. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};

/** A piece of JSON text placed into a body as it is: nesting deeper than JSON.stringify should build. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a generated value; `RawJson` parts are written verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Follows `#/components/schemas/…` references of the document. */
export type Resolver = (schema: Schema) => Schema;

export function createResolver(components: Record<string, Schema> = {}): Resolver {
  const resolve = (schema: Schema, seen = new Set<string>()): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
    const target = components[name];
    if (!target || seen.has(name)) return {};
    seen.add(name);
    return resolve(target, seen);
  };
  return (schema) => resolve(schema);
}

/** Texts tried, in order, for a string field with a pattern: the first that matches is used. */
const PATTERN_CANDIDATES = [
  'hu',
  'teszt-elem',
  'abc',
  '2026',
  '2026-03-15',
  '12345',
  'a_b',
  'Teszt Elek',
  'bolt.example.hu',
  '0123456789abcdef0123456789abcdef',
  '01234567-89ab-cdef-0123-456789abcdef',
  'abcdefghijklmnopqrstuvwxyz0123456789',
  'A',
  '',
];

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function lowerBound(schema: Schema): number {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  const minimum = schema.minimum ?? Number.NEGATIVE_INFINITY;
  return schema.exclusiveMinimum === true ? minimum + 1 : minimum;
}

function upperBound(schema: Schema): number {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1;
  const maximum = schema.maximum ?? Number.POSITIVE_INFINITY;
  return schema.exclusiveMaximum === true ? maximum - 1 : maximum;
}

function fitLength(text: string, schema: Schema): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const padded = text.length < min ? text + 'a'.repeat(min - text.length) : text;
  return padded.slice(0, max);
}

function plausibleString(schema: Schema, random: Random, name: string): string {
  if (schema.format === 'date') return '2026-03-15';
  if (schema.format === 'date-time') return '2026-03-15T10:00:00.000Z';
  if (schema.format === 'email' || /e-?mail/i.test(name)) return `fuzz${random.int(1, 9999)}@example.hu`;
  if (schema.format === 'uri' || schema.format === 'url' || /url$/i.test(name)) return 'https://example.hu/';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fitting = PATTERN_CANDIDATES.map((text) => fitLength(text, schema)).find((text) =>
      pattern.test(text),
    );
    if (fitting !== undefined) return fitting;
  }
  if (/password/i.test(name)) return 'Fuzz-jelszo-2026';
  return fitLength(random.pick(['Teszt', 'árvíztűrő tükörfúrógép', 'abc', 'Kék bögre']), schema);
}

/**
 * An integer the server will likely find meaningful: ids and counters near the small numbers the
 * demo data uses, inside the schema's range.
 */
function plausibleNumber(schema: Schema, random: Random, integer: boolean): number {
  const low = Math.max(lowerBound(schema), -1000);
  const high = Math.min(upperBound(schema), 1000);
  if (low > high) return Number.isFinite(lowerBound(schema)) ? lowerBound(schema) : 0;
  const small = Math.max(low, Math.min(high, random.int(1, 12)));
  const value = random.chance(0.8) ? small : random.int(Math.ceil(low), Math.floor(high));
  return integer ? Math.round(value) : value;
}

/**
 * A value that likely passes the schema, so requests reach past validation into the services:
 * required fields always, optional ones half of the time, small ids that exist in the demo data.
 */
export function plausibleValue(
  schema: Schema,
  random: Random,
  resolve: Resolver,
  name = '',
  depth = 0,
): unknown {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return random.pick(resolved.enum);
  const branches = resolved.anyOf ?? resolved.oneOf;
  if (branches?.length) {
    const concrete = branches.filter((branch) => !types(resolve(branch)).includes('null'));
    return plausibleValue(random.pick(concrete.length ? concrete : branches), random, resolve, name, depth);
  }
  if (resolved.allOf?.length) {
    return Object.assign(
      {},
      ...resolved.allOf.map((part) => plausibleValue(part, random, resolve, name, depth) as object),
    );
  }
  const type = types(resolved).find((candidate) => candidate !== 'null') ?? 'null';
  switch (type) {
    case 'integer':
      return plausibleNumber(resolved, random, true);
    case 'number':
      return plausibleNumber(resolved, random, false);
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return plausibleString(resolved, random, name);
    case 'array': {
      const min = resolved.minItems ?? 0;
      const count = depth > 4 ? min : random.int(min, Math.max(min, Math.min(resolved.maxItems ?? 3, 3)));
      return Array.from({ length: count }, () =>
        plausibleValue(resolved.items ?? {}, random, resolve, name, depth + 1),
      );
    }
    case 'object': {
      const required = new Set(resolved.required ?? []);
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(resolved.properties ?? {})) {
        if (required.has(key) || (depth < 4 && random.chance(0.5))) {
          result[key] = plausibleValue(property, random, resolve, key, depth + 1);
        }
      }
      return result;
    }
    default:
      return null;
  }
}

/** Strings that have broken servers: NUL, lone surrogates, markup, SQL, paths, sizes past any column. */
function hostileStrings(schema: Schema, random: Random): unknown[] {
  const max = schema.maxLength ?? 255;
  return [
    '',
    ' ',
    '\u0000',
    `a\u0000b`,
    '\ud800',
    '\udfff\ud800',
    'x'.repeat(max + 1),
    'é'.repeat(max + 1),
    '🙂'.repeat(Math.ceil((max + 1) / 2)),
    'x'.repeat(random.pick([10_000, 100_000, 600_000])),
    '<script>alert(1)</script>',
    '\'; DROP TABLE "Product"; --',
    '../../../etc/passwd',
    '%00%ff',
    '\r\n\t\u000b\u001b[31m',
    '\u202eábécé',
    'null',
    '1e999',
    '-0',
    '2026-02-30',
    '0000-00-00T00:00:00Z',
  ];
}

function hostileNumbers(schema: Schema): unknown[] {
  const low = lowerBound(schema);
  const high = upperBound(schema);
  return [
    ...(Number.isFinite(low) ? [low - 1, low - 0.5] : []),
    ...(Number.isFinite(high) ? [high + 1, high + 0.5] : []),
    0,
    -1,
    -0,
    0.5,
    2 ** 31,
    2 ** 31 - 1 + 1,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    1e308,
    -1e308,
    5e-324,
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson('123456789012345678901234567890'),
  ];
}

/** Values of every other JSON type, so each field also meets a type it does not expect. */
const WRONG_TYPES: unknown[] = [null, true, false, 0, 1, 'szöveg', [], [1, 'a'], {}, { a: 1 }];

/** Arrays nested `depth` deep: `[[[…]]]`. */
export function deepArrays(depth: number): RawJson {
  return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

/** Objects nested `depth` deep: `{"a":{"a":…}}`. */
export function deepObjects(depth: number): RawJson {
  return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

/** One hostile value for a field of this schema. */
export function hostileValue(schema: Schema, random: Random, resolve: Resolver): unknown {
  const resolved = resolve(schema);
  const branches = resolved.anyOf ?? resolved.oneOf;
  const branch = branches?.length ? resolve(random.pick(branches)) : resolved;
  const type = types(branch).find((candidate) => candidate !== 'null');
  const kind = random.int(0, 9);
  if (kind === 0) return random.pick(WRONG_TYPES);
  if (kind === 1)
    return random.pick([
      deepArrays(random.pick([64, 200, 1000, 20_000])),
      deepObjects(random.pick([64, 500, 5000])),
    ]);
  switch (type) {
    case 'integer':
    case 'number':
      return random.pick(hostileNumbers(branch));
    case 'string':
      return random.pick(hostileStrings(branch, random));
    case 'boolean':
      return random.pick(['true', 1, 'igen', null]);
    case 'array': {
      const item = branch.items ?? {};
      const choice = random.int(0, 3);
      if (choice === 0) {
        const count = (branch.maxItems ?? 1000) + 1;
        const one = plausibleValue(item, random, resolve);
        return Array.from({ length: Math.min(count, 20_000) }, () => one);
      }
      if (choice === 1) return Array.from({ length: 50_000 }, (_, index) => index);
      if (choice === 2) return [hostileValue(item, random, resolve)];
      return 'nem lista';
    }
    case 'object':
      return random.pick([
        withUnknownKeys(plausibleValue(branch, random, resolve), random),
        [],
        'nem objektum',
      ]);
    default:
      return random.pick([...WRONG_TYPES, ...hostileStrings({}, random)]);
  }
}

const UNKNOWN_KEYS = [
  'parentId',
  'isAdmin',
  'role',
  'constructor',
  'toString',
  'hasOwnProperty',
  'x'.repeat(300),
  '',
];

/** The object with a field its schema does not name (the object itself unchanged otherwise). */
export function withUnknownKeys(value: unknown, random: Random): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return { ...value, [random.pick(UNKNOWN_KEYS)]: random.pick(WRONG_TYPES) };
}
