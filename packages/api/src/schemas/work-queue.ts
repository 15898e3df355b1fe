import { z } from 'zod';
import type { TPermission } from './permissions';

/**
 * The signed-in person's work queue on the dashboard (GET /api/dashboard/queue): what waits for them,
 * grouped by the kind of work, each group shown only to whom its permission was given.
 */
export const WORK_QUEUE_SECTIONS = [
  'packing',
  'stock',
  'inquiries',
  'returns',
  'invoicing',
  'content',
] as const;
export type TWorkQueueSection = (typeof WORK_QUEUE_SECTIONS)[number];

/** The permission each group needs. */
export const WORK_QUEUE_SECTION_PERMISSIONS: Record<TWorkQueueSection, TPermission> = {
  packing: 'shipping:write',
  stock: 'stock:write',
  inquiries: 'inquiries:read',
  returns: 'refunds:write',
  invoicing: 'invoices:read',
  content: 'content:write',
};

export const WORK_QUEUE_SECTION_TITLES: Record<TWorkQueueSection, string> = {
  packing: 'Csomagolás és feladás',
  stock: 'Készlet',
  inquiries: 'Megkeresések',
  returns: 'Elállások és visszatérítések',
  invoicing: 'Számlázás',
  content: 'Tartalom',
};

/** Orders whose invoice is looked for: the accountant's recent work, not every order the shop ever had. */
export const UNINVOICED_DAYS = 90;

export const WORK_QUEUE_ITEMS = [
  'to_pack',
  'to_ship',
  'out_of_stock',
  'contact_messages',
  'offer_requests',
  'open_withdrawals',
  'pending_refunds',
  'paid_not_invoiced',
  'failed_invoices',
  'draft_posts',
] as const;
export type TWorkQueueItem = (typeof WORK_QUEUE_ITEMS)[number];

export const WORK_QUEUE_ITEM_LABELS: Record<TWorkQueueItem, string> = {
  to_pack: 'Csomagolásra vár',
  to_ship: 'Csomagolva, címkére és feladásra vár',
  out_of_stock: 'Elfogyott, de rendelhető termék',
  contact_messages: 'Megválaszolatlan üzenet',
  offer_requests: 'Megválaszolatlan árajánlatkérés',
  open_withdrawals: 'Lezáratlan elállás',
  pending_refunds: 'Folyamatban lévő visszatérítés',
  paid_not_invoiced: `Kifizetett rendelés számla nélkül (${UNINVOICED_DAYS} nap)`,
  failed_invoices: 'Sikertelen számla vagy sztornó',
  draft_posts: 'Blogbejegyzés-piszkozat',
};

const ZWorkQueueOrder = z.object({
  id: z.number().int(),
  number: z.string(),
});

export const ZWorkQueueEntry = z.object({
  item: z.enum(WORK_QUEUE_ITEMS),
  count: z.number().int(),
  oldestAt: z
    .string()
    .nullable()
    .meta({ description: 'A legrégebbi tétel ideje (UTC, ISO 8601); null, ha nincs ilyen tétel.' }),
  orders: z.array(ZWorkQueueOrder).meta({
    description:
      'A legrégebbi néhány rendelés azoknál a tételeknél, amelyekre az admin rendeléslistája nem tud szűrni (elállás, visszatérítés, számla); máshol üres.',
  }),
});
export type TWorkQueueEntry = z.infer<typeof ZWorkQueueEntry>;

export const ZWorkQueueOutput = z
  .object({
    sections: z.array(
      z.object({
        section: z.enum(WORK_QUEUE_SECTIONS),
        entries: z.array(ZWorkQueueEntry),
      }),
    ),
  })
  .meta({ id: 'WorkQueue', description: 'A bejelentkezett munkatárs teendői, a szerepköre szerint.' });
export type TWorkQueueOutput = z.infer<typeof ZWorkQueueOutput>;
