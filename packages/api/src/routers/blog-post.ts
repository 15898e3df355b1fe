import type { Context } from '../context';
import { withoutReadOnly } from '../input-guard';
import {
  ZBlogPost,
  ZBlogPostBySlugInput,
  ZBlogPostCreateInput,
  ZBlogPostListInput,
  ZBlogPostListOutput,
  ZBlogPostUpdateInput,
  ZIdInput,
  ZOkOutput,
} from '../schemas';
import { getBlogPostById, getBlogPostBySlug, listBlogPosts } from '../services/blog-post/read';
import { createBlogPost, deleteBlogPost, updateBlogPost } from '../services/blog-post/write';
import { loadShopper } from '../services/catalogue/pricing';
import { isAdmin, publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Blog'];

const VISIBILITY_NOTE =
  'A vásárló csak a közzétett bejegyzéseket látja, és csak a megjelenés idejétől (a jövőbeli időpont ütemez); az admin mindet.';

/** Who reads: the related products' prices follow the shopper; an admin also sees drafts and hidden products. */
async function viewerOf(ctx: Context) {
  return { shopper: await loadShopper(ctx.prisma, ctx.session), isAdmin: isAdmin(ctx) };
}

export const blogPostRouter = router({
  list: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/blogpost',
        tags,
        protect: false,
        summary: 'Blogbejegyzések lapozva',
        description: `${VISIBILITY_NOTE} Alapból a legújabb elöl; az admin állapot szerint is szűrhet (\`status\`).`,
      },
    })
    .input(ZBlogPostListInput)
    .output(ZBlogPostListOutput)
    .query(({ ctx, input }) => listBlogPosts(ctx.prisma, input, isAdmin(ctx))),

  bySlug: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/blogpost/getBySlug',
        tags,
        protect: false,
        summary: 'Blogbejegyzés URL-név alapján',
        description: `404 'A keresett tartalom nem található.', ha nincs ilyen látható bejegyzés. ${VISIBILITY_NOTE}`,
      },
    })
    .input(ZBlogPostBySlugInput)
    .output(ZBlogPost)
    .query(async ({ ctx, input }) => getBlogPostBySlug(ctx, await viewerOf(ctx), input.slug)),

  byId: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/blogpost/{id}',
        tags,
        protect: false,
        summary: 'Blogbejegyzés azonosító alapján',
        description: VISIBILITY_NOTE,
      },
    })
    .input(ZIdInput)
    .output(ZBlogPost)
    .query(async ({ ctx, input }) => getBlogPostById(ctx, await viewerOf(ctx), input.id)),

  create: scopedAdminProcedure('content:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/blogpost',
        tags,
        protect: true,
        summary: 'Blogbejegyzés létrehozása',
        description:
          'A `descriptions` nyelvenként egy cím és HTML-szöveg (a megengedett elemekre szűrve tárolódik); az URL-név a magyar címből készül, ha nincs megadva. A `publishedAt` jövőbeli időpontja ütemez; közzétételkor üresen a mentés ideje lesz.',
      },
    })
    .input(ZBlogPostCreateInput)
    .output(ZBlogPost)
    .mutation(async ({ ctx, input }) => createBlogPost(ctx, await viewerOf(ctx), input)),

  update: scopedAdminProcedure('content:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/blogpost',
        tags,
        protect: true,
        summary: 'Blogbejegyzés módosítása',
        description:
          'Csak a megadott mezők változnak. A `descriptions` minden eleme felülírja a saját nyelvű leírást, a többi nyelvé megmarad; a `productIds` a kapcsolt termékeket egészében cseréli.',
      },
    })
    .input(ZBlogPostUpdateInput)
    .output(ZBlogPost)
    .mutation(async ({ ctx, input }) => {
      const viewer = await viewerOf(ctx);
      const changes = await withoutReadOnly(ZBlogPostUpdateInput, input, () =>
        getBlogPostById(ctx, viewer, input.id),
      );
      return updateBlogPost(ctx, viewer, changes);
    }),

  delete: scopedAdminProcedure('content:write')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/blogpost/{id}',
        tags,
        protect: true,
        summary: 'Blogbejegyzés törlése',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteBlogPost(ctx.prisma, input.id);
      return { ok: true as const };
    }),
});
