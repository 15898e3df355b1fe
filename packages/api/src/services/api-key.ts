import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@shop/db';
import { DomainError } from '../errors';
import {
  API_KEY_PREFIX,
  type TApiKey,
  type TApiKeyCreated,
  type TApiKeyCreateInput,
  type TApiScope,
} from '../schemas';
import { hashToken } from './session';

/**
 * API keys for integrators (ERP, invoicing, marketplaces):
 * 1. A key is `kbk_` and 32 random bytes (base64url). Only its SHA-256 is stored, like a session token's,
 *    so the database cannot give a key away; the admin sees it once, in the answer that created it.
 * 2. The first 12 characters are kept as `prefix`, so keys can be told apart without seeing them.
 * 3. A revoked key stays listed (who made it, when it was last used) and is refused with 401.
 * 4. Authenticating is one indexed lookup; `lastUsedAt` is written at most once a minute per key.
 */

/** `lastUsedAt` is refreshed at most this often, so a busy integration does not write on every call. */
export const API_KEY_TOUCH_INTERVAL_MS = 60 * 1000;

const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export const API_KEY_NOT_FOUND = 'Az API-kulcs nem található.';

/** The caller behind a request made with a live API key. */
export type ApiKeyPrincipal = { id: number; name: string; scopes: TApiScope[] };

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export async function createApiKey(
  prisma: PrismaClient,
  input: TApiKeyCreateInput,
  createdById: number,
): Promise<TApiKeyCreated> {
  const key = generateApiKey();
  const created = await prisma.apiKey.create({
    data: {
      name: input.name,
      scopes: input.scopes,
      keyHash: hashToken(key),
      prefix: key.slice(0, PREFIX_LENGTH),
      createdById,
    },
    select: { id: true },
  });
  return { id: created.id, key };
}

/** GET /api/apikey: live keys first, then revoked ones, newest first within each. */
export async function listApiKeys(prisma: PrismaClient): Promise<TApiKey[]> {
  const rows = await prisma.apiKey.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: {
      id: true,
      name: true,
      scopes: true,
      prefix: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      createdBy: { select: { id: true, firstName: true, lastName: true, email: true } },
    },
  });
  const live = rows.filter((row) => !row.revokedAt);
  const revoked = rows.filter((row) => row.revokedAt);
  return [...live, ...revoked].map((row) => ({
    id: row.id,
    name: row.name,
    scopes: row.scopes as TApiScope[],
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy
      ? {
          id: row.createdBy.id,
          name: `${row.createdBy.lastName} ${row.createdBy.firstName}`.trim() || row.createdBy.email,
        }
      : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

/** DELETE /api/apikey/{id}: from now on the key gets 401. Revoking twice keeps the first time. */
export async function revokeApiKey(prisma: PrismaClient, id: number, now: Date = new Date()): Promise<void> {
  const revoked = await prisma.apiKey.updateMany({
    where: { id, revokedAt: null },
    data: { revokedAt: now },
  });
  if (revoked.count === 0 && !(await prisma.apiKey.findUnique({ where: { id }, select: { id: true } }))) {
    throw new DomainError('not_found', API_KEY_NOT_FOUND);
  }
}

/** The live key behind a token, or null when it is unknown or revoked. */
export async function findApiKey(
  prisma: PrismaClient,
  token: string,
  now: Date = new Date(),
): Promise<ApiKeyPrincipal | null> {
  const row = await prisma.apiKey.findUnique({
    where: { keyHash: hashToken(token) },
    select: { id: true, name: true, scopes: true, lastUsedAt: true, revokedAt: true },
  });
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= API_KEY_TOUCH_INTERVAL_MS) {
    // The condition makes concurrent requests (or servers) write it once between them.
    await prisma.apiKey.updateMany({
      where: {
        id: row.id,
        OR: [
          { lastUsedAt: null },
          { lastUsedAt: { lte: new Date(now.getTime() - API_KEY_TOUCH_INTERVAL_MS) } },
        ],
      },
      data: { lastUsedAt: now },
    });
  }
  return { id: row.id, name: row.name, scopes: row.scopes as TApiScope[] };
}
