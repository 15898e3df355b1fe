import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { escapeHtml } from '../../html-escape';
import type {
  TInquiryListInput,
  TInquiryStatusInput,
  TOfferRequest,
  TOfferRequestListOutput,
  TOfferSubmission,
} from '../../schemas/contact';
import { lineChoice, lineKey, lineProblemError } from '../cart/line-variant';
import { getCatalogueIndex, isVisible } from '../catalogue/in-memory-index';
import { loadShopper } from '../catalogue/pricing';
import { soldTitle } from '../catalogue/variants';
import { enqueueTemplatedEmail, getShopNotificationAddress } from '../email';
import { htmlToText } from '../email/render';
import type { AuthSession } from '../session';
import { claimFormToken } from './form-token';
import {
  admitInquiry,
  type InquirySender,
  inquiryListQuery,
  joinAddress,
  notFound,
  orDash,
  statusChange,
} from './inquiry';

const offerFields = {
  id: true,
  name: true,
  email: true,
  phone: true,
  companyName: true,
  taxNumber: true,
  postcode: true,
  city: true,
  address: true,
  note: true,
  status: true,
  userId: true,
  consentAt: true,
  createdAt: true,
  statusChangedAt: true,
} as const satisfies Prisma.OfferRequestSelect;

const offerSelect = {
  ...offerFields,
  lines: {
    orderBy: { position: 'asc' },
    select: { productId: true, variantId: true, productTitle: true, quantity: true },
  },
} as const satisfies Prisma.OfferRequestSelect;

type OfferRow = Prisma.OfferRequestGetPayload<{ select: typeof offerFields }>;

function dates(row: OfferRow) {
  return {
    consentAt: row.consentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
  };
}

export type OfferDeps = { prisma: PrismaClient; cache: VersionedCache; session: AuthSession | null };

type ResolvedLine = { productId: number; variantId: number | null; productTitle: string; quantity: number };

/**
 * The products asked about, as this shopper may see them; one a shopper cannot buy (gone, disabled,
 * hidden from their group) is refused with the line it stands on. A product sold in variants is asked
 * about per variant, with the cart's rules (line-variant.ts), and stored under the name it is sold by
 * ("Póló, kék, M"). The same product and variant twice is one line with the quantities summed.
 */
async function resolveLines(deps: OfferDeps, lines: TOfferSubmission['lines']) {
  const [index, shopper] = await Promise.all([
    getCatalogueIndex(deps),
    loadShopper(deps.prisma, deps.session),
  ]);
  const merged = new Map<string, ResolvedLine>();
  lines.forEach((line, at) => {
    const product = index.byId.get(line.product);
    if (!product || !isVisible(product, shopper, false)) {
      const message = 'Ez a termék nem található vagy már nem kapható.';
      throw new DomainError('invalid_input', `Hibás adat: lines.${at}.product – ${message}`, [
        { path: `lines.${at}.product`, message },
      ]);
    }
    const choice = lineChoice(index, product, line.variant);
    if (!choice.ok) throw lineProblemError(choice.problem, `lines.${at}.variant`);
    const key = lineKey(line);
    const known = merged.get(key);
    if (known) known.quantity += line.quantity;
    else {
      merged.set(key, {
        productId: product.id,
        variantId: choice.variant?.id ?? null,
        productTitle: soldTitle(product.title, choice.variant),
        quantity: line.quantity,
      });
    }
  });
  return [...merged.values()].map((line, position) => ({ ...line, position }));
}

function linesHtml(lines: { productTitle: string; quantity: number }[]): { html: string; text: string } {
  const html = `<ul>${lines
    .map((line) => `<li>${escapeHtml(line.productTitle)} – ${line.quantity} db</li>`)
    .join('')}</ul>`;
  return { html, text: htmlToText(html) };
}

/**
 * POST /api/contact/offer: the request with its lines is stored, the shop is notified and the sender
 * gets an acknowledgement listing what they asked for, in one transaction with the form token's one use.
 */
export async function submitOfferRequest(
  deps: OfferDeps,
  sender: InquirySender,
  input: TOfferSubmission,
): Promise<{ ok: true }> {
  // Lines first: a line the shop cannot sell (say, a variant not chosen) is the sender's mistake to
  // correct, and must not count against their few requests an hour.
  const lines = await resolveLines(deps, input.lines);
  const submission = await admitInquiry(deps.prisma, sender, 'ajanlatkeres', input);
  if (!submission) return { ok: true };
  await deps.prisma.$transaction(async (tx) => {
    if ((await claimFormToken(tx, submission)) === 'repeat') return;
    await tx.offerRequest.create({
      data: {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        companyName: input.companyName ?? null,
        taxNumber: input.taxNumber ?? null,
        postcode: input.postcode ?? null,
        city: input.city ?? null,
        address: input.address ?? null,
        note: input.note ?? null,
        consentAt: new Date(),
        userId: sender.userId,
        lines: { create: lines },
      },
      select: { id: true },
    });
    const variables = {
      name: input.name,
      email: input.email,
      phone: orDash(input.phone),
      companyName: orDash(input.companyName),
      taxNumber: orDash(input.taxNumber),
      companyAddress: orDash(
        joinAddress({
          postcode: input.postcode ?? null,
          city: input.city ?? null,
          address: input.address ?? null,
        }),
      ),
      offerLines: linesHtml(lines),
      message: orDash(input.note),
      shopUrl: sender.publicUrl,
    };
    const shop = await getShopNotificationAddress(tx);
    if (shop) await enqueueTemplatedEmail(tx, { templateKey: 'offer_request', to: shop, variables });
    await enqueueTemplatedEmail(tx, { templateKey: 'offer_received', to: input.email, variables });
  });
  return { ok: true };
}

export async function listOfferRequests(
  prisma: PrismaClient,
  input: TInquiryListInput,
): Promise<TOfferRequestListOutput> {
  const query = inquiryListQuery(input);
  const [rows, total] = await Promise.all([
    prisma.offerRequest.findMany({
      ...query,
      select: { ...offerFields, _count: { select: { lines: true } } },
    }),
    prisma.offerRequest.count({ where: query.where }),
  ]);
  return {
    items: rows.map(({ _count, ...row }) => ({ ...row, ...dates(row), lineCount: _count.lines })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function getOfferRequest(prisma: PrismaClient, id: number): Promise<TOfferRequest> {
  const row = await prisma.offerRequest.findUnique({ where: { id }, select: offerSelect });
  if (!row) throw notFound();
  return { ...row, ...dates(row) };
}

export async function setOfferRequestStatus(
  prisma: PrismaClient,
  { id, status }: TInquiryStatusInput,
): Promise<TOfferRequest> {
  const updated = await prisma.offerRequest.updateMany({
    where: { id, status: { not: status } },
    data: statusChange(status),
  });
  if (updated.count === 0 && !(await prisma.offerRequest.count({ where: { id } }))) throw notFound();
  return getOfferRequest(prisma, id);
}
