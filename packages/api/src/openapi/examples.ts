import { type DocumentedOperation, type JsonSchema, jsonMedia, type MediaType } from './operations';

/**
 * Example requests and answers for every operation, built from the schemas themselves: a field's own
 * `example` (set with `.meta({ example })` next to the field), else its default, first enum value or a
 * value of its type within its bounds. So an example follows the schema when the schema changes, and
 * the OpenAPI test checks every one against its schema. A procedure may give a whole one in its meta
 * (`examples`) where a generated one would say too little.
 */

const DATE_TIME = '2026-11-24T09:30:00.000Z';
const FORMATS: Record<string, string> = {
  'date-time': DATE_TIME,
  date: '2026-11-24',
  email: 'vevo@example.hu',
  uri: 'https://example.hu/',
  url: 'https://example.hu/',
  uuid: '3f8e2c1a-6b7d-4e2f-9a1c-5d4b3e2f1a0b',
};
/** How deep a recursive schema (the category tree) is followed before its lists are left empty. */
const MAX_DEPTH = 6;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class ExampleMaker {
  /** While true, read-only fields are left out: a request need not send them (OpenAPI `readOnly`). */
  private forRequest = false;

  constructor(private readonly components: Record<string, unknown>) {}

  /** An example request body: as `example`, without the read-only fields a GET answers. */
  requestExample(schema: unknown): unknown {
    this.forRequest = true;
    try {
      return this.example(schema);
    } finally {
      this.forRequest = false;
    }
  }

  private resolve(ref: string): JsonSchema | undefined {
    const target = this.components[ref.replace('#/components/schemas/', '')];
    return isObject(target) ? target : undefined;
  }

  example(schema: unknown, seen: readonly string[] = []): unknown {
    if (!isObject(schema)) return null;
    if (typeof schema.$ref === 'string') {
      const target = this.resolve(schema.$ref);
      if (!target || seen.filter((ref) => ref === schema.$ref).length >= 2 || seen.length > MAX_DEPTH)
        return undefined;
      return this.example(target, [...seen, schema.$ref]);
    }
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if (schema.const !== undefined) return schema.const;
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
    const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
    if (Array.isArray(variants)) return this.variant(variants, seen);
    if (Array.isArray(schema.allOf) && schema.type === undefined) {
      return Object.assign({}, ...schema.allOf.map((part) => this.example(part, seen) ?? {}));
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const type = types.find((candidate) => candidate !== 'null') ?? types[0];
    switch (type) {
      case 'object':
        return this.object(schema, seen);
      case 'array':
        return this.array(schema, seen);
      case 'string':
        return this.string(schema);
      case 'integer':
      case 'number':
        return this.number(schema, type);
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return isObject(schema.properties) ? this.object(schema, seen) : null;
    }
  }

  /** The first variant that is not `null`, so an optional value shows what it looks like when present. */
  private variant(variants: unknown[], seen: readonly string[]): unknown {
    const present = variants.filter((variant) => !(isObject(variant) && variant.type === 'null'));
    for (const variant of present) {
      const value = this.example(variant, seen);
      if (value !== undefined) return value;
    }
    return null;
  }

  private object(schema: JsonSchema, seen: readonly string[]): Record<string, unknown> {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (this.forRequest && isObject(property) && property.readOnly === true) continue;
      const value = this.example(property, seen);
      if (value !== undefined) result[name] = value;
    }
    return result;
  }

  private array(schema: JsonSchema, seen: readonly string[]): unknown[] {
    const item = this.example(schema.items, seen);
    if (item === undefined) return [];
    const count = typeof schema.minItems === 'number' && schema.minItems > 1 ? schema.minItems : 1;
    return Array.from({ length: count }, () => item);
  }

  private string(schema: JsonSchema): string {
    const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
    if (format) return format;
    const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
    // Constraints written as allOf patterns (a letter and a digit, as passwords need) are met by this text.
    const text = 'szöveg1'.padEnd(min, 'x');
    return text.slice(0, Math.max(min, Math.min(max, text.length)));
  }

  private number(schema: JsonSchema, type: 'integer' | 'number'): number {
    const safe = (value: unknown) =>
      typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
    const minimum = safe(schema.minimum);
    const exclusive = safe(schema.exclusiveMinimum);
    const maximum = safe(schema.maximum);
    let value = minimum !== undefined ? Math.max(minimum, 1) : exclusive !== undefined ? exclusive + 1 : 1;
    if (maximum !== undefined && value > maximum) value = maximum;
    return type === 'integer' ? Math.ceil(value) : value;
  }
}

function setExample(media: MediaType | undefined, given: unknown, make: (schema: unknown) => unknown): void {
  if (!media || media.example !== undefined) return;
  const value = given !== undefined ? given : make(media.schema);
  media.example = value === undefined ? null : value;
}

/** An example for each parameter, the request body and the successful answer of one operation. */
export function addExamples({ operation, meta }: DocumentedOperation, maker: ExampleMaker): void {
  const given = meta.examples;
  const givenInput = isObject(given?.input) ? given.input : undefined;
  for (const parameter of operation.parameters ?? []) {
    if (parameter.example !== undefined) continue;
    const value = givenInput?.[parameter.name] ?? maker.example(parameter.schema);
    if (value !== undefined && value !== null) parameter.example = value;
  }
  const pathParameters = new Set(
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => parameter.name),
  );
  const bodyGiven = givenInput
    ? Object.fromEntries(Object.entries(givenInput).filter(([name]) => !pathParameters.has(name)))
    : given?.input;
  setExample(jsonMedia(operation.requestBody), bodyGiven, (schema) => maker.requestExample(schema));
  const ok = operation.responses?.['200'];
  if (ok && !('$ref' in ok)) {
    for (const media of Object.values(ok.content ?? {}))
      setExample(media, given?.output, (schema) => maker.example(schema));
  }
}
