import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  matchItemsBy,
  readOnly,
  readOnlyFieldsOf,
  readOnlyInput,
  splitReadOnly,
  storedValueAt,
} from './read-only';

const ZThing = z.object({
  id: z.number().int(),
  name: z.string(),
  updatedAt: readOnly(z.string()),
  image: readOnly(z.object({ id: z.number().int(), url: z.string() }).nullable()),
});

const ZThingUpdate = z.strictObject({
  id: z.number().int(),
  name: z.string().optional(),
  lines: matchItemsBy(
    z.array(z.strictObject({ sku: z.string(), id: readOnlyInput(z.number().int().optional()) })).max(10),
    'sku',
  ).optional(),
  file: z.union([
    z.number().int(),
    z.strictObject({ id: z.number().int(), name: readOnlyInput(z.string()) }),
  ]),
  ...readOnlyFieldsOf(ZThing, ['updatedAt', 'image']),
});

describe('splitReadOnly', () => {
  it('takes the read-only values out, at any depth, and says where they stand', () => {
    const input = ZThingUpdate.parse({
      id: 1,
      name: 'Bögre',
      updatedAt: '2026-11-29T10:00:00.000Z',
      lines: [{ sku: 'B', id: 7 }, { sku: 'A' }],
      file: { id: 3, name: 'katalogus.pdf' },
    });
    const { writable, readOnlyValues } = splitReadOnly(ZThingUpdate, input);
    expect(writable).toEqual({ id: 1, name: 'Bögre', lines: [{ sku: 'B' }, { sku: 'A' }], file: { id: 3 } });
    expect(readOnlyValues.map(({ path, value }) => [path, value]).toSorted()).toEqual([
      ['file.name', 'katalogus.pdf'],
      ['lines.0.id', 7],
      ['updatedAt', '2026-11-29T10:00:00.000Z'],
    ]);
  });

  it('finds an item’s stored value by its key, not its place', () => {
    const input = ZThingUpdate.parse({ id: 1, lines: [{ sku: 'B', id: 7 }], file: 3 });
    const [line] = splitReadOnly(ZThingUpdate, input).readOnlyValues;
    const stored = {
      lines: [
        { sku: 'A', id: 6 },
        { sku: 'B', id: 7 },
      ],
    };
    expect(storedValueAt(stored, line?.steps ?? [])).toBe(7);
    expect(storedValueAt({ lines: [] }, line?.steps ?? [])).toBeUndefined();
  });

  it('lets a writable value through untouched when nothing read-only is sent', () => {
    const input = ZThingUpdate.parse({ id: 1, name: 'Tál', file: 3 });
    expect(splitReadOnly(ZThingUpdate, input)).toEqual({ writable: input, readOnlyValues: [] });
  });
});

describe('read-only inputs', () => {
  it('are strict and bounded like every other input: a misspelt field inside one is refused', () => {
    const result = ZThingUpdate.safeParse({ id: 1, file: 3, image: { id: 2, url: '/media/2', ur: 'x' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', path: ['image'] });
    expect(ZThingUpdate.safeParse({ id: 1, file: 3, image: { id: 2 ** 40, url: '/' } }).success).toBe(false);
  });

  it('must be marked read-only in the answer too, so the OpenAPI document says so', () => {
    expect(() => readOnlyFieldsOf(ZThing, ['name'])).toThrow('name is not marked readOnly()');
  });
});
