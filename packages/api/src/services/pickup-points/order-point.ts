import type { PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import {
  PICKUP_CARRIER_LABELS,
  type TPickupCarrier,
  type TPickupPointChoice,
  type TPickupPointSnapshot,
} from '../../schemas';
import { withArticle } from '../../schemas/hungarian';

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', `Hibás adat: ${path} – ${message}`, [{ path, message }]);
}

export const PICKUP_POINT_CLOSED =
  'A választott csomagpont időközben megszűnt vagy nem fogad csomagot. Kérjük, válassz másikat!';

/**
 * The point an order will use, read from the shop's own table: only the carrier and the id come from
 * the browser, never a name or an address. A shipping method with a carrier needs a point of that
 * carrier; any other method takes none.
 */
export async function pickupPointForOrder(
  prisma: PrismaClient,
  method: { name: string; pickupCarrier: TPickupCarrier | null },
  choice: TPickupPointChoice | null | undefined,
): Promise<TPickupPointSnapshot | null> {
  if (!method.pickupCarrier) {
    if (choice)
      throw invalid(
        'pickupPoint',
        `${withArticle(`„${method.name}”`, { capital: true })} szállítási módhoz nem kell csomagpont.`,
      );
    return null;
  }
  const label = PICKUP_CARRIER_LABELS[method.pickupCarrier];
  if (!choice) throw invalid('pickupPoint', `Válassz ${label} csomagpontot a szállításhoz.`);
  if (choice.carrier !== method.pickupCarrier) {
    throw invalid('pickupPoint.carrier', `Ehhez a szállítási módhoz ${label} csomagpontot kell választani.`);
  }
  const point = await prisma.pickupPoint.findUnique({
    where: { carrier_externalId: { carrier: choice.carrier, externalId: choice.id } },
    select: {
      externalId: true,
      kind: true,
      name: true,
      postcode: true,
      city: true,
      street: true,
      lat: true,
      lng: true,
      active: true,
    },
  });
  if (!point) throw invalid('pickupPoint.id', `Nincs ilyen ${label} csomagpont.`);
  if (!point.active) {
    throw new DomainError('conflict', PICKUP_POINT_CLOSED, [
      { path: 'pickupPoint.id', message: PICKUP_POINT_CLOSED },
    ]);
  }
  return {
    carrier: choice.carrier,
    id: point.externalId,
    kind: point.kind,
    name: point.name,
    postcode: point.postcode,
    city: point.city,
    street: point.street,
    lat: point.lat,
    lng: point.lng,
  };
}
