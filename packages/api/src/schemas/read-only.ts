import { z } from 'zod';
import { MAX_INT4 } from './common';

/**
 * Read-only fields: what a GET answers but no write sets (ids of descriptions, `updatedAt`, counters,
 * derived titles). An update input accepts them back, so a client can PUT what it read unchanged; the
 * server ignores each one that equals the stored value and refuses, naming it, one that does not
 * (input-guard.ts `withoutReadOnly`). The OpenAPI document shows them with `readOnly: true`.
 */
export function readOnly<Schema extends z.ZodType>(schema: Schema): Schema & ReadOnlyMark {
  return schema.meta({ readOnly: true }) as Schema & ReadOnlyMark;
}

declare const readOnlyMark: unique symbol;
/** Marks, in types only, a schema readOnly() made, so WritableOutput can leave its field out. */
export type ReadOnlyMark = { readonly [readOnlyMark]: true };

/** What an update input writes: its parsed output without the top-level read-only fields. */
export type WritableOutput<Schema extends z.ZodType> =
  Schema extends z.ZodObject<infer Shape>
    ? Omit<z.output<Schema>, { [K in keyof Shape]: Shape[K] extends ReadOnlyMark ? K : never }[keyof Shape]>
    : z.output<Schema>;

/** The most items a read-only list sent back may have: it is compared, never stored. */
const MAX_READ_BACK_ITEMS = 10_000;

/**
 * An output schema as an update takes it back: objects strict, lists and numbers bounded, as every
 * input is (test/strict-inputs.test.ts), with its descriptions kept. A misspelt field inside it is a
 * 400 naming it, as anywhere else.
 */
function readBack(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType };
  let copy: z.ZodType;
  if (schema instanceof z.ZodObject) {
    const shape = Object.entries(schema.shape as Record<string, z.ZodType>);
    copy = z.strictObject(Object.fromEntries(shape.map(([key, field]) => [key, readBack(field)])));
  } else if (schema instanceof z.ZodArray) {
    copy = z.array(readBack(schema.element as z.ZodType)).max(MAX_READ_BACK_ITEMS);
  } else if (schema instanceof z.ZodNumber) {
    copy = schema.min(-MAX_INT4).max(MAX_INT4);
  } else if (def.type === 'optional' && def.innerType) {
    copy = readBack(def.innerType).optional();
  } else if (def.type === 'nullable' && def.innerType) {
    copy = readBack(def.innerType).nullable();
  } else {
    return schema;
  }
  // A named output (`ProductCard`) is not a second component of the same name: its copy goes unnamed.
  const { id: _id, ...meta } = z.globalRegistry.get(schema) ?? {};
  return Object.keys(meta).length > 0 ? copy.meta(meta) : copy;
}

/** A read-only field of an update input, from the output field it sends back. */
export function readOnlyInput<Schema extends z.ZodType>(output: Schema): Schema & ReadOnlyMark {
  return readOnly(readBack(output)) as unknown as Schema & ReadOnlyMark;
}

/**
 * The read-only fields of `output` named by `keys`, each optional, to spread into an update input
 * beside its writable fields: `...readOnlyFieldsOf(ZPage, ['title', 'updatedAt'])`. Each must be marked
 * with readOnly() in the output too, so the answer's schema says so.
 */
export function readOnlyFieldsOf<
  Output extends z.ZodObject,
  const Key extends keyof Output['shape'] & string,
>(output: Output, keys: readonly Key[]): { [K in Key]: z.ZodOptional<Output['shape'][K]> & ReadOnlyMark } {
  return Object.fromEntries(
    keys.map((key) => {
      const field = output.shape[key] as z.ZodType;
      if (!isReadOnly(field)) throw new Error(`${key} is not marked readOnly() in the output schema.`);
      return [key, readOnlyInput(field.optional())];
    }),
  ) as { [K in Key]: z.ZodOptional<Output['shape'][K]> & ReadOnlyMark };
}

const itemKeys = new WeakMap<z.ZodType, string>();

/**
 * Items of `array` are matched to the stored ones by `key` (a description by its `language`), not by
 * position, when their read-only fields are compared: a client may send the items in another order or
 * only some of them.
 */
export function matchItemsBy<Schema extends z.ZodType>(array: Schema, key: string): Schema {
  itemKeys.set(array, key);
  return array;
}

/** One step from an input value to the stored one: a field, or an array item found by key or position. */
export type ReadOnlyStep = string | { index: number; key?: string; keyValue?: unknown };

/** A read-only field the input carries: where (`path`, e.g. `descriptions.0.id`), its value, how to find it stored. */
export type ReadOnlyValue = { path: string; value: unknown; steps: ReadOnlyStep[] };

/** The key set by matchItemsBy, also on a copy made since (`.meta()`, a refinement) of that array. */
function itemKeyOf(schema: z.ZodType): string | undefined {
  for (
    let current: z.ZodType | undefined = schema;
    current;
    current = current._zod.parent as z.ZodType | undefined
  ) {
    const key = itemKeys.get(current);
    if (key) return key;
  }
  return undefined;
}

function isReadOnly(schema: z.ZodType): boolean {
  return z.globalRegistry.get(schema)?.readOnly === true;
}

/** The schemas a value passes through on its way in (optional, nullable, default, pipe …), outermost first. */
function layers(schema: z.ZodType): z.ZodType[] {
  const found: z.ZodType[] = [];
  let current: z.ZodType | undefined = schema;
  while (current && found.length < 20) {
    found.push(current);
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return found;
}

/**
 * Splits a parsed input into what a write sets and the read-only values it carries, walking `schema`
 * beside it (objects and arrays of objects, at any depth).
 */
export function splitReadOnly<T>(
  schema: z.ZodType,
  input: T,
): { writable: T; readOnlyValues: ReadOnlyValue[] } {
  const readOnlyValues: ReadOnlyValue[] = [];
  const walk = (node: z.ZodType, value: unknown, path: string[], steps: ReadOnlyStep[]): unknown => {
    const nodeLayers = layers(node);
    const inner = nodeLayers[nodeLayers.length - 1] as z.ZodType;
    if (inner instanceof z.ZodObject && isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) {
        const field = inner.shape[key] as z.ZodType | undefined;
        if (field && layers(field).some(isReadOnly)) {
          if (child !== undefined)
            readOnlyValues.push({ path: [...path, key].join('.'), value: child, steps: [...steps, key] });
          continue;
        }
        out[key] = field ? walk(field, child, [...path, key], [...steps, key]) : child;
      }
      return out;
    }
    if (inner instanceof z.ZodUnion && isPlainObject(value)) {
      // An id or the object a GET answers for it (`file: 7` or `file: { id: 7, name, … }`).
      const objectOption = (inner.options as z.ZodType[]).find(
        (option) => layers(option).at(-1) instanceof z.ZodObject,
      );
      return objectOption ? walk(objectOption, value, path, steps) : value;
    }
    if (inner instanceof z.ZodArray && Array.isArray(value)) {
      const key = nodeLayers.map(itemKeyOf).find(Boolean);
      return value.map((item, index) =>
        walk(
          inner.element as z.ZodType,
          item,
          [...path, String(index)],
          [...steps, key && isPlainObject(item) ? { index, key, keyValue: item[key] } : { index }],
        ),
      );
    }
    return value;
  };
  const writable = walk(schema, input, [], []) as T;
  return { writable, readOnlyValues };
}

/** The stored value a read-only input value stands for; undefined when the stored entity has none there. */
export function storedValueAt(stored: unknown, steps: readonly ReadOnlyStep[]): unknown {
  let current: unknown = stored;
  for (const step of steps) {
    if (typeof step === 'string') {
      current = isPlainObject(current) ? current[step] : undefined;
    } else if (Array.isArray(current)) {
      current =
        step.key === undefined
          ? current[step.index]
          : current.find((item) => isPlainObject(item) && item[step.key as string] === step.keyValue);
    } else {
      current = undefined;
    }
  }
  return current;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
