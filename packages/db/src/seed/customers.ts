import type { Prisma } from '../generated/prisma/client';
import { hashPassword } from '../passwords';
import type { SeedContext } from './seed-context';

export const CUSTOMER_GROUPS = [
  { name: 'Általános', discountPercent: 0 },
  { name: 'Törzsvásárló', discountPercent: 5 },
  { name: 'Viszonteladó', discountPercent: 15 },
] as const;

/**
 * Demo customers exist only in demo data: they let a tester sign in as a
 * shopper (and as a reseller) right after the first start. All share this
 * password.
 */
export const DEMO_CUSTOMER_PASSWORD = 'Demo-Jelszo-2026';

type DemoAddress = Omit<Prisma.AddressCreateWithoutUserInput, 'isDefault'>;

type DemoCustomer = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  group: (typeof CUSTOMER_GROUPS)[number]['name'] | null;
  companyName?: string;
  taxNumber?: string;
  newsletter: boolean;
  addresses: DemoAddress[];
};

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    email: 'kovacs.anna@example.hu',
    firstName: 'Anna',
    lastName: 'Kovács',
    phone: '+36 30 123 4567',
    group: 'Általános',
    newsletter: true,
    addresses: [
      {
        type: 'shipping',
        name: 'Kovács Anna',
        postcode: '1137',
        city: 'Budapest',
        street: 'Pozsonyi út 23.',
        floorDoor: '2. emelet 5.',
        phone: '+36 30 123 4567',
      },
      { type: 'billing', name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' },
    ],
  },
  {
    email: 'nagy.peter@example.hu',
    firstName: 'Péter',
    lastName: 'Nagy',
    phone: '+36 20 987 6543',
    group: 'Törzsvásárló',
    newsletter: false,
    addresses: [
      {
        type: 'shipping',
        name: 'Nagy Péter',
        postcode: '6720',
        city: 'Szeged',
        street: 'Kárász utca 8.',
        floorDoor: '1. emelet 3.',
        phone: '+36 20 987 6543',
      },
      { type: 'billing', name: 'Nagy Péter', postcode: '6720', city: 'Szeged', street: 'Kárász utca 8.' },
    ],
  },
  {
    email: 'szabo.katalin@example.hu',
    firstName: 'Katalin',
    lastName: 'Szabó',
    phone: '+36 70 555 1234',
    group: 'Viszonteladó',
    companyName: 'Szabó és Társa Bt.',
    taxNumber: '87654323-1-08',
    newsletter: true,
    addresses: [
      {
        type: 'shipping',
        name: 'Szabó és Társa Bt. – Ajándékbolt',
        postcode: '9021',
        city: 'Győr',
        street: 'Baross Gábor út 15.',
        phone: '+36 70 555 1234',
      },
      {
        type: 'billing',
        name: 'Szabó és Társa Bt.',
        companyName: 'Szabó és Társa Bt.',
        taxNumber: '87654323-1-08',
        postcode: '9021',
        city: 'Győr',
        street: 'Baross Gábor út 15.',
      },
    ],
  },
  {
    email: 'toth.gergely@example.hu',
    firstName: 'Gergely',
    lastName: 'Tóth',
    phone: '+36 30 444 2211',
    group: null,
    newsletter: false,
    addresses: [
      {
        type: 'shipping',
        name: 'Tóth Gergely',
        postcode: '4025',
        city: 'Debrecen',
        street: 'Piac utca 40.',
        floorDoor: '4. emelet 12.',
        phone: '+36 30 444 2211',
      },
    ],
  },
];

export async function seedCustomerGroups(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.customerGroup.count()) > 0) {
    ctx.log('vásárlók: vannak vásárlói csoportok, változatlan');
    return;
  }
  await tx.customerGroup.createMany({ data: [...CUSTOMER_GROUPS] });
  ctx.log(`vásárlók: ${CUSTOMER_GROUPS.length} vásárlói csoport`);
}

export async function seedDemoCustomers(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.user.count({ where: { role: 'customer' } })) > 0) {
    ctx.log('vásárlók: már vannak vásárlók, demó vásárló nem készült');
    return;
  }
  const groups = await tx.customerGroup.findMany({ select: { id: true, name: true } });
  const groupIds = new Map(groups.map((g) => [g.name, g.id]));
  // One hash for all: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_CUSTOMER_PASSWORD);
  const users = await tx.user.createManyAndReturn({
    data: DEMO_CUSTOMERS.map((c) => ({
      email: c.email,
      passwordHash,
      role: 'customer' as const,
      firstName: c.firstName,
      lastName: c.lastName,
      phone: c.phone,
      companyName: c.companyName ?? null,
      taxNumber: c.taxNumber ?? null,
      newsletter: c.newsletter,
      groupId: c.group === null ? null : (groupIds.get(c.group) ?? null),
      termsAcceptedAt: ctx.now,
    })),
    select: { id: true, email: true },
  });
  const userIds = new Map(users.map((u) => [u.email, u.id]));
  await tx.address.createMany({
    data: DEMO_CUSTOMERS.flatMap((c) =>
      c.addresses.map((address) => ({ ...address, userId: userIds.get(c.email)!, isDefault: true })),
    ),
  });
  // The password is in the README, never in a log: logs are collected and kept elsewhere.
  ctx.log(
    `vásárlók: ${users.length} demó vásárló (bejelentkezési adataik a README-ben; éles boltban DEMO_DATA=false)`,
  );
}
