import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../cache';
import { DomainError } from '../errors';
import type { TProperty, TPropertyActionInput, TPropertySave } from '../schemas';
import { withArticle } from '../schemas/hungarian';
import { bumpCatalogue, invalidateCatalogue } from './catalogue/in-memory-index';
import { primaryDescription } from './description';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const PROPERTY_NOT_FOUND = 'A keresett tulajdonság nem található.';

const titleSelect = { select: { id: true, language: true, title: true } } as const;
const propertySelect = {
  id: true,
  code: true,
  position: true,
  filterable: true,
  descriptions: titleSelect,
  values: {
    select: { id: true, position: true, descriptions: titleSelect, _count: { select: { products: true } } },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  },
} satisfies Prisma.PropertySelect;

type PropertyRow = Awaited<ReturnType<typeof loadProperties>>[number];

function loadProperties(prisma: PrismaClient, where: { id?: number } = {}) {
  return prisma.property.findMany({
    where,
    select: propertySelect,
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
}

function toProperty(row: PropertyRow): TProperty {
  return {
    id: row.id,
    code: row.code,
    position: row.position,
    filterable: row.filterable,
    title: primaryDescription(row.descriptions)?.title ?? row.code,
    values: row.values.map((value) => ({
      id: value.id,
      position: value.position,
      title: primaryDescription(value.descriptions)?.title ?? String(value.id),
      productCount: value._count.products,
    })),
  };
}

export async function listProperties(prisma: PrismaClient): Promise<TProperty[]> {
  return (await loadProperties(prisma)).map(toProperty);
}

export async function getProperty(prisma: PrismaClient, id: number): Promise<TProperty> {
  const [row] = await loadProperties(prisma, { id });
  if (!row) throw new DomainError('not_found', PROPERTY_NOT_FOUND);
  return toProperty(row);
}

async function saveProperty(deps: Deps, input: TPropertySave): Promise<number> {
  const id = await deps.prisma.$transaction(async (tx) => {
    await bumpCatalogue(tx);
    const taken = await tx.property.findFirst({
      where: { code: input.code, ...(input.id ? { id: { not: input.id } } : {}) },
      select: { id: true },
    });
    if (taken) {
      const message = `Ez a kód már foglalt: ${input.code}.`;
      throw new DomainError('conflict', message, [{ path: 'property.code', message }]);
    }
    const data = {
      code: input.code,
      ...(input.position !== undefined ? { position: input.position } : {}),
      ...(input.filterable !== undefined ? { filterable: input.filterable } : {}),
    };
    let propertyId: number;
    if (input.id) {
      const found = await tx.property.updateMany({ where: { id: input.id }, data });
      if (found.count === 0) throw new DomainError('not_found', PROPERTY_NOT_FOUND);
      propertyId = input.id;
    } else {
      const last = await tx.property.aggregate({ _max: { position: true } });
      propertyId = (
        await tx.property.create({
          data: { ...data, position: input.position ?? (last._max.position ?? -1) + 1 },
          select: { id: true },
        })
      ).id;
    }
    await tx.description.upsert({
      where: { propertyId_language: { propertyId, language: input.language } },
      create: { propertyId, language: input.language, title: input.title },
      update: { title: input.title },
      select: { id: true },
    });

    const stored = await tx.propertyValue.findMany({ where: { propertyId }, select: { id: true } });
    const storedIds = new Set(stored.map((value) => value.id));
    const keptIds = new Set(input.values.flatMap((value) => (value.id ? [value.id] : [])));
    for (const keptId of keptIds) {
      if (!storedIds.has(keptId)) {
        const message = `${withArticle(keptId, { capital: true })} azonosítójú érték nem ehhez a tulajdonsághoz tartozik.`;
        throw new DomainError('invalid_input', `Hibás adat: property.values – ${message}`, [
          { path: 'property.values', message },
        ]);
      }
    }
    await tx.propertyValue.deleteMany({ where: { propertyId, id: { notIn: [...keptIds] } } });
    for (const [position, value] of input.values.entries()) {
      const valueId = value.id
        ? (
            await tx.propertyValue.update({
              where: { id: value.id },
              data: { position },
              select: { id: true },
            })
          ).id
        : (await tx.propertyValue.create({ data: { propertyId, position }, select: { id: true } })).id;
      await tx.description.upsert({
        where: { propertyValueId_language: { propertyValueId: valueId, language: input.language } },
        create: { propertyValueId: valueId, language: input.language, title: value.title },
        update: { title: value.title },
        select: { id: true },
      });
    }
    return propertyId;
  });
  invalidateCatalogue(deps.cache);
  return id;
}

async function deleteProperty(deps: Deps, id: number): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await bumpCatalogue(tx);
    const found = await tx.property.deleteMany({ where: { id } });
    if (found.count === 0) throw new DomainError('not_found', PROPERTY_NOT_FOUND);
  });
  invalidateCatalogue(deps.cache);
}

/** POST /api/property: list, save (create or update) or delete, told apart by `action`. */
export async function propertyAction(
  deps: Deps,
  input: TPropertyActionInput,
): Promise<{ items: TProperty[]; saved: TProperty | null }> {
  let savedId: number | null = null;
  if (input.action === 'save' && input.property) savedId = await saveProperty(deps, input.property);
  if (input.action === 'delete' && input.id) await deleteProperty(deps, input.id);
  const items = await listProperties(deps.prisma);
  return { items, saved: savedId === null ? null : (items.find((item) => item.id === savedId) ?? null) };
}
