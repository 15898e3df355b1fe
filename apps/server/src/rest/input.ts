import { DomainError, jsonTextTooDeep, MESSAGES, TOO_DEEP_MESSAGE, unknownFieldsError } from '@shop/api';
import type { FieldShape, RestOperation } from './operations';

export type JsonParser = (text: string) => unknown;

const NUMBER_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/** Turns a text parameter into a number or boolean only when it spells one exactly; anything else stays
 * text, so the procedure's own schema rejects it with its own message. */
function fromText(value: string, shape: FieldShape | undefined): unknown {
  if (shape?.kind === 'number' && NUMBER_TEXT.test(value.trim())) return Number(value);
  if (shape?.kind === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function readTextParams(params: Record<string, unknown>, fields: Map<string, FieldShape>) {
  const result: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(params)) {
    const shape = fields.get(name);
    const values = Array.isArray(raw) ? raw : [raw];
    const converted = values.map((value) => (typeof value === 'string' ? fromText(value, shape) : value));
    result[name] = shape?.array ? converted : converted.length === 1 ? converted[0] : converted;
  }
  return result;
}

const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

export function isJsonContentType(contentType: string): boolean {
  return JSON_CONTENT_TYPE.test(contentType);
}

/** Reads a request body: empty means `{}` (the spec's `POST /api/cart/add` with no body lists the cart),
 * anything else must be JSON, nested no deeper than the api allows (checked before parsing, which is slow
 * for deep nesting). */
export function readJsonBody(raw: Buffer | undefined, contentType: string | undefined, parse: JsonParser) {
  const text = raw?.toString('utf8') ?? '';
  if (text.trim() === '') return {};
  if (contentType !== undefined && !isJsonContentType(contentType)) {
    throw new DomainError('unsupported_media_type', MESSAGES.unsupportedMediaType);
  }
  if (jsonTextTooDeep(text)) throw new DomainError('invalid_input', TOO_DEEP_MESSAGE);
  try {
    return parse(text);
  } catch {
    throw new DomainError('invalid_input', MESSAGES.malformedBody);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The procedure input of a REST request: body (or query string for GET and DELETE, and for an upload
 * whose body was the file itself: `bodyIsFile`) plus path parameters,
 * which win over body fields of the same name. Text parameters are read without touching the shared zod
 * schemas, so the tRPC endpoint keeps accepting exactly what its schemas say. Every field reaches the
 * procedure, whose strict schema refuses the ones it does not know; an operation without input refuses
 * any field here. */
export function buildProcedureInput(
  operation: RestOperation,
  request: { pathParams: Record<string, string>; query: Record<string, unknown>; body: unknown },
  bodyIsFile = false,
): unknown {
  const usesBody = operation.method !== 'GET' && operation.method !== 'DELETE' && !bodyIsFile;
  if (!operation.hasInput) {
    const sent = usesBody ? request.body : request.query;
    const fields = isPlainObject(sent) ? Object.keys(sent) : [];
    if (fields.length > 0) throw unknownFieldsError(fields);
    return undefined;
  }
  const pathInput = readTextParams(request.pathParams, operation.fields);
  const payload = usesBody ? request.body : readTextParams(request.query, operation.fields);
  if (isPlainObject(payload)) return { ...payload, ...pathInput };
  if (operation.pathParams.length === 0) return payload;
  throw new DomainError('invalid_input', 'Hibás kérés: a kérés törzsének JSON objektumnak kell lennie.');
}
