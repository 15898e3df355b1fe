import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { DomainError, MESSAGES, toDomainError, toTRPCError } from './errors';

/** Who may call a procedure; set by the procedure builders below, read by tests and docs. */
export type Access = 'public' | 'protected' | 'admin';
/**
 * `download: true`: the procedure answers a file as `{ filename, contentType, content }` (ZFileOutput);
 * tRPC returns that JSON, the REST mirror sends `content` as the body with its type and file name.
 */
export type ApiMeta = OpenApiMeta<{
  access?: Access;
  download?: boolean;
  /**
   * The answer to a caller without a session depends only on the input and the catalogue and category
   * data (`catalogueGeneration`), so the REST mirror may keep its JSON and answer repeats without running
   * the procedure.
   */
  publicCache?: boolean;
}>;

const t = initTRPC
  .context<Context>()
  .meta<ApiMeta>()
  .create({
    // Plain JSON (no transformer) so the tRPC and REST transports return the same shapes.
    errorFormatter({ shape, error }) {
      const domain = toDomainError(error);
      const { stack: _stack, ...data } = shape.data;
      return {
        ...shape,
        message: domain.message,
        data: { ...data, issues: domain.issues ?? null },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Maps every failure below it (input parsing, output parsing, services, Prisma) to the one
 * error table. A tRPC v11 middleware sees a downstream failure as `ok: false`, not as a throw.
 */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(toDomainError(result.error));
  return result;
});

const baseProcedure = t.procedure.use(mapErrors);

export const publicProcedure = baseProcedure.meta({ access: 'public' });

export const protectedProcedure = baseProcedure.meta({ access: 'protected' }).use(({ ctx, next }) => {
  if (!ctx.session) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export const adminProcedure = baseProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  if (!ctx.session) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  if (ctx.session.user.role !== 'admin') throw new DomainError('forbidden', MESSAGES.forbidden);
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export function isAdmin(ctx: Context): boolean {
  return ctx.session?.user.role === 'admin';
}
