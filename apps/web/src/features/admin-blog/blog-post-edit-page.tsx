import { Button, Link as ChakraLink, Field, Grid, Input, Stack } from '@chakra-ui/react';
import {
  MAX_BLOG_POST_PRODUCTS,
  type TBlogPost,
  ZBlogPostCreateInput,
  ZBlogPostUpdateInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, fromBudapestInput, toaster, toBudapestInput } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuArrowLeft, LuExternalLink } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SwitchField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import {
  DESCRIPTION_ERROR_KEYS,
  DescriptionTitleRow,
  languageName,
  useDescriptionDraft,
} from '../admin/description-language';
import { EditFormFooter } from '../admin/edit-form-footer';
import type { PickedProduct } from '../admin/product-picker';
import { RichTextField } from '../admin/rich-text/rich-text-field';
import { type ChosenImage, MediaImageField } from '../admin-media/media-image-field';
import { BlogPostStatusBadge } from './blog-post-status';
import { RelatedProductsField } from './related-products-field';

function BlogPostForm({ post }: { post: TBlogPost | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const description = useDescriptionDraft(post?.descriptions ?? []);
  const [slug, setSlug] = useState(post?.slug ?? '');
  const [author, setAuthor] = useState(post?.author ?? '');
  const [cover, setCover] = useState<ChosenImage | null>(
    post?.image ? { id: post.image.id, url: post.image.card } : null,
  );
  const [published, setPublished] = useState(post?.published ?? true);
  const [publishedAt, setPublishedAt] = useState(toBudapestInput(post?.publishedAt));
  const [products, setProducts] = useState<PickedProduct[]>(
    post?.products.map((product) => ({ id: product.id, title: product.title, price: product.price })) ?? [],
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { errors, validate, failWith } = useZodForm(post ? ZBlogPostUpdateInput : ZBlogPostCreateInput);

  const invalidate = () => queryClient.invalidateQueries(trpc.blogpost.pathFilter());

  const create = useMutation(
    trpc.blogpost.create.mutationOptions({
      onSuccess: (created) => {
        toaster.success({ title: 'A bejegyzés létrejött.' });
        void invalidate();
        void navigate({ to: '/admin/other/blogpost/$id', params: { id: String(created.id) }, replace: true });
      },
      ...failWith('A bejegyzés nem jött létre.'),
    }),
  );
  const update = useMutation(
    trpc.blogpost.update.mutationOptions({
      onSuccess: () => {
        toaster.success({
          title: 'A bejegyzés mentve.',
          description: `${withArticle(languageName(description.language), { capital: true })} szöveg frissült.`,
        });
        void invalidate();
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const remove = useMutation(
    trpc.blogpost.delete.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A bejegyzés törölve.' });
        void invalidate();
        void navigate({ to: '/admin/other/blogpost' });
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setConfirmDelete(false),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      slug: slug.trim() || undefined,
      author: author.trim() || null,
      imageId: cover?.id ?? null,
      published,
      publishedAt: fromBudapestInput(publishedAt) ?? null,
      productIds: products.map((product) => product.id),
      descriptions: description.toInput(),
    };
    if (post) {
      const input = validate({ id: post.id, ...fields });
      if (input) update.mutate(input as Parameters<typeof update.mutate>[0]);
    } else {
      const input = validate(fields);
      if (input) create.mutate(input as Parameters<typeof create.mutate>[0]);
    }
  };

  const scheduledFor = published ? fromBudapestInput(publishedAt) : undefined;
  const inFuture = scheduledFor !== undefined && Date.parse(scheduledFor) > Date.now();

  return (
    <form onSubmit={onSubmit} noValidate>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="4" alignItems="start">
        <AdminPanel p={{ base: '4', md: '6' }}>
          <Stack gap="5">
            <DescriptionTitleRow draft={description} error={errors[DESCRIPTION_ERROR_KEYS.title]} />
            <RichTextField
              label="Tartalom"
              value={description.body}
              onChange={description.setBody}
              errorText={errors[DESCRIPTION_ERROR_KEYS.body]}
              helperText="A lista a szöveg elejét mutatja kivonatként."
            />
          </Stack>
        </AdminPanel>
        <AdminPanel p={{ base: '4', md: '6' }}>
          <Stack gap="5">
            <SwitchField checked={published} onCheckedChange={setPublished}>
              Közzétéve
            </SwitchField>
            <Field.Root invalid={Boolean(errors.publishedAt)}>
              <Field.Label>Megjelenés ideje</Field.Label>
              <Input
                type="datetime-local"
                value={publishedAt}
                onChange={(event) => setPublishedAt(event.target.value)}
              />
              <Field.HelperText>
                {inFuture
                  ? 'Budapesti idő. Jövőbeli időpont: a bejegyzés ekkor jelenik meg a boltban.'
                  : 'Budapesti idő; jövőbeli időponttal időzíthető. Üresen a közzététel pillanata lesz.'}
              </Field.HelperText>
              <Field.ErrorText>{errors.publishedAt}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.author)}>
              <Field.Label>Szerző</Field.Label>
              <Input value={author} onChange={(event) => setAuthor(event.target.value)} maxLength={100} />
              <Field.ErrorText>{errors.author}</Field.ErrorText>
            </Field.Root>
            <MediaImageField
              label="Borítókép"
              value={cover}
              onChange={setCover}
              aspectRatio={1200 / 630}
              helper="A lista kártyáin, a cikk tetején és megosztáskor látszik; 1200 × 630 px a legjobb."
              error={errors.imageId}
            />
            <Field.Root invalid={Boolean(errors.slug)}>
              <Field.Label>URL-név</Field.Label>
              <Input
                value={slug}
                onChange={(event) => setSlug(event.target.value)}
                placeholder="például teli-teazas"
              />
              <Field.HelperText>
                {post ? `A bejegyzés címe: /blog/${post.slug}` : 'Ha üresen hagyod, a címből készül.'}
              </Field.HelperText>
              <Field.ErrorText>{errors.slug}</Field.ErrorText>
            </Field.Root>
            <RelatedProductsField
              products={products}
              onChange={setProducts}
              max={MAX_BLOG_POST_PRODUCTS}
              error={errors.productIds}
            />
            <EditFormFooter
              isNew={!post}
              saving={create.isPending || update.isPending}
              onDelete={post ? () => setConfirmDelete(true) : undefined}
            />
          </Stack>
        </AdminPanel>
      </Grid>
      {post && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Bejegyzés törlése"
          confirmLabel="Törlés"
          loading={remove.isPending}
          onConfirm={() => remove.mutate({ id: post.id })}
        >
          Biztosan törlöd {withArticle(`„${post.title}”`)} bejegyzést? A művelet nem vonható vissza.
        </ConfirmDialog>
      )}
    </form>
  );
}

function BlogPostActions({ slug }: { slug?: string }) {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/admin/other/blogpost">
          <LuArrowLeft /> Blogbejegyzések
        </Link>
      </Button>
      {slug && (
        <Button asChild variant="outline" size="sm">
          <ChakraLink href={`/blog/${slug}`} target="_blank" rel="noopener">
            Megnyitás a boltban <LuExternalLink />
          </ChakraLink>
        </Button>
      )}
    </>
  );
}

function ExistingBlogPost({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: post } = useSuspenseQuery(trpc.blogpost.byId.queryOptions({ id }));
  return (
    <AdminPage
      title={post.title}
      description={
        <>
          <BlogPostStatusBadge status={post.status} /> Utoljára módosítva: {formatDateTime(post.updatedAt)}
        </>
      }
      actions={<BlogPostActions slug={post.status === 'published' ? post.slug : undefined} />}
    >
      <BlogPostForm key={post.updatedAt} post={post} />
    </AdminPage>
  );
}

/** /admin/other/blogpost/{id}; `new` writes a new post. */
export function BlogPostEditPage({ id }: { id: number | 'new' }) {
  if (id === 'new') {
    return (
      <AdminPage title="Új blogbejegyzés" actions={<BlogPostActions />}>
        <BlogPostForm post={null} />
      </AdminPage>
    );
  }
  return <ExistingBlogPost id={id} />;
}
