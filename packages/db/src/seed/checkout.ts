import type { Prisma } from '../generated/prisma/client';
import { COMPANY } from './company';
import type { SeedContext } from './seed-context';

export const SHIPPING_METHODS = [
  {
    name: 'GLS házhozszállítás',
    description: 'Kiszállítás munkanapokon 8 és 17 óra között, általában a feladást követő munkanapon.',
    grossPrice: 1990,
    freeAbove: 20_000,
    needsAddress: true,
    deliveryTime: '1–2 munkanap',
  },
  {
    name: 'Foxpost csomagautomata',
    description:
      'Átvétel a választott Foxpost csomagautomatából, a feladástól számított 1-2 munkanapon belül.',
    grossPrice: 1290,
    freeAbove: null,
    // A pickup point method: the shopper picks a locker from the imported Foxpost list, no address.
    needsAddress: false,
    pickupCarrier: 'foxpost',
    deliveryTime: '1–2 munkanap',
  },
  {
    name: 'MPL postai kézbesítés',
    description: 'Kézbesítés a Magyar Posta futárával 2-3 munkanapon belül.',
    grossPrice: 1690,
    freeAbove: null,
    needsAddress: true,
    deliveryTime: '2–3 munkanap',
  },
  {
    name: 'Személyes átvétel (Budapest)',
    description: 'Átvétel budapesti átvételi pontunkon, miután e-mailben jeleztük, hogy a csomag elkészült.',
    grossPrice: 0,
    freeAbove: null,
    needsAddress: false,
    deliveryTime: 'általában 1 munkanap',
  },
] as const;

/**
 * Lockers of the shipped Foxpost sample (packages/api/src/services/pickup-points/samples/foxplus.json)
 * that demo orders to the Foxpost method were sent to, as the order keeps them.
 */
export const DEMO_FOXPOST_LOCKERS = [
  {
    carrier: 'foxpost',
    id: 'hu1356',
    kind: 'FOXPOST A-BOX',
    name: 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca',
    postcode: '1117',
    city: 'Budapest',
    street: 'Október huszonharmadika utca 8.',
    lat: 47.4705,
    lng: 19.0496,
  },
  {
    carrier: 'foxpost',
    id: 'hu1421',
    kind: 'FOXPOST A-BOX',
    name: 'FOXPOST A-BOX Budapest Angyalföld Váci út',
    postcode: '1138',
    city: 'Budapest',
    street: 'Váci út 121.',
    lat: 47.5376,
    lng: 19.0676,
  },
  {
    carrier: 'foxpost',
    id: 'hu1564',
    kind: 'FOXPOST A-BOX',
    name: 'FOXPOST A-BOX Debrecen Piac utca',
    postcode: '4024',
    city: 'Debrecen',
    street: 'Piac utca 41.',
    lat: 47.5296,
    lng: 21.626,
  },
] as const;

export const PAYMENT_METHODS = [
  {
    name: 'Bankkártyás fizetés (Barion)',
    description: 'Biztonságos online fizetés bankkártyával a Barion rendszerén keresztül.',
    provider: 'barion',
    grossFee: 0,
  },
  {
    name: 'Utánvét',
    description: 'Fizetés készpénzzel vagy bankkártyával a csomag átvételekor.',
    provider: 'cash_on_delivery',
    grossFee: 490,
  },
  {
    name: 'Banki átutalás',
    description:
      'Előre utalás a visszaigazoló e-mailben megadott bankszámlaszámra; a csomagot a jóváírás után adjuk fel.',
    provider: 'bank_transfer',
    grossFee: 0,
  },
] as const;

export async function seedCheckout(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.shippingMethod.count()) === 0) {
    await tx.shippingMethod.createMany({ data: SHIPPING_METHODS.map((m, position) => ({ ...m, position })) });
    ctx.log(`pénztár: ${SHIPPING_METHODS.length} szállítási mód`);
  } else {
    ctx.log('pénztár: vannak szállítási módok, változatlan');
  }
  if ((await tx.paymentMethod.count()) === 0) {
    await tx.paymentMethod.createMany({ data: PAYMENT_METHODS.map((m, position) => ({ ...m, position })) });
    ctx.log(`pénztár: ${PAYMENT_METHODS.length} fizetési mód`);
  } else {
    ctx.log('pénztár: vannak fizetési módok, változatlan');
  }
}

/**
 * The demo shop's bank account for transfer orders (the admin edits it under the payment settings).
 * No Barion key: card payments go to the Barion stand-in until an admin saves a real account.
 */
export async function seedPaymentSettings(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  const existing = await tx.paymentSetting.findUnique({ where: { id: 1 }, select: { id: true } });
  if (existing) {
    ctx.log('pénztár: vannak fizetési beállítások, változatlan');
    return;
  }
  await tx.paymentSetting.create({
    data: {
      id: 1,
      bankAccountName: COMPANY.name,
      bankName: COMPANY.bankName,
      bankAccountNumber: COMPANY.bankAccount,
    },
  });
  ctx.log('pénztár: demó bankszámla a fizetési beállításokban');
}
