import type { AnyProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toDomainError } from '../src/errors';
import { appRouter } from '../src/index';
import { MAX_INT4 } from '../src/schemas';

// Grows with the product: every procedure's input must refuse a field it does not know, at every depth,
// so a client's misspelt field is a 400 naming it instead of being silently dropped (and an unknown key
// cannot make a new entry in the public answer cache). Output schemas stay lenient on purpose.
const flatProcedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const procedures = Object.entries(flatProcedures).map(([path, procedure]) => ({
  path,
  inputs: procedure._def.inputs as z.core.$ZodType[],
}));

/**
 * Where a schema accepts more than it declares: each object reachable from it that is not strict, each
 * number without bounds that fit a Postgres integer, each list without a length limit.
 */
function looseObjects(schema: z.core.$ZodType): string[] {
  const found: string[] = [];
  const seen = new Set<z.core.$ZodType>();
  const visit = (node: z.core.$ZodType | undefined, at: string) => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    const child = (key: string) => def[key] as z.core.$ZodType | undefined;
    switch (def.type) {
      case 'object': {
        const { shape, catchall } = def as unknown as z.core.$ZodObjectDef;
        if (catchall?._zod.def.type !== 'never') found.push(`${at || '(gyökér)'} {${Object.keys(shape)}}`);
        for (const [key, field] of Object.entries(shape)) visit(field, at ? `${at}.${key}` : key);
        return;
      }
      case 'array': {
        // An unbounded list lets one request make the server loop (and write) as long as the body allows.
        const checks = (def.checks ?? []) as z.core.$ZodCheck[];
        if (!checks.some((check) => check._zod.def.check === 'max_length'))
          found.push(`${at || '(gyökér)'}: lista felső korlát nélkül`);
        return visit(child('element'), `${at}[]`);
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return visit(child('innerType'), at);
      case 'pipe':
        visit(child('in'), at);
        return visit(child('out'), at);
      case 'lazy':
        return visit((def as unknown as z.core.$ZodLazyDef).getter(), at);
      case 'union':
        for (const option of (def as unknown as z.core.$ZodUnionDef).options) visit(option, at);
        return;
      case 'intersection':
        visit(child('left'), at);
        return visit(child('right'), at);
      case 'record':
        return visit(child('valueType'), `${at}{}`);
      case 'tuple':
        for (const item of (def as unknown as z.core.$ZodTupleDef).items) visit(item, `${at}[]`);
        return;
      case 'number': {
        // Postgres `integer` columns hold ±2 147 483 647; a number beyond them fails in the database.
        const { minValue, maxValue } = node as unknown as z.ZodNumber;
        if ((minValue ?? -Infinity) < -MAX_INT4 || (maxValue ?? Infinity) > MAX_INT4)
          found.push(`${at || '(gyökér)'}: szám ${minValue}..${maxValue}`);
        return;
      }
      case 'unknown':
      case 'any':
        // Anything goes here, unknown keys included.
        found.push(`${at || '(gyökér)'}: ${def.type}`);
        return;
    }
  };
  visit(schema, '');
  return found;
}

function objectInputs(inputs: z.core.$ZodType[]): z.core.$ZodType[] {
  return inputs.filter((input) => input._zod.def.type !== 'void');
}

describe('strict inputs of every procedure', () => {
  it('walks the whole router', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(50);
    expect(
      procedures.filter((procedure) => objectInputs(procedure.inputs).length > 0).length,
    ).toBeGreaterThan(40);
  });

  it.each(procedures.map((procedure) => [procedure.path, procedure.inputs] as const))(
    '%s accepts no undeclared field, no number out of range and no endless list, at any depth',
    (_path, inputs) => {
      expect(inputs.flatMap(looseObjects)).toEqual([]);
    },
  );

  it.each(
    procedures
      .filter((procedure) => objectInputs(procedure.inputs).length > 0)
      .map((procedure) => [procedure.path, objectInputs(procedure.inputs)] as const),
  )('%s names an unknown field in Hungarian', async (_path, inputs) => {
    for (const input of inputs) {
      const result = await (input as z.ZodType).safeParseAsync({ zzIsmeretlen: 1 });
      expect(result.success).toBe(false);
      const error = toDomainError(result.error);
      expect(error.issues).toContainEqual({ path: 'zzIsmeretlen', message: 'Ismeretlen mező: zzIsmeretlen' });
    }
  });
});
