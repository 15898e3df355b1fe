import { Field, Grid, Input, Stack } from '@chakra-ui/react';
import {
  MAX_BLOG_POST_PRODUCTS,
  type TBlogPost,
  ZBlogPostCreateInput,
  ZBlogPostUpdateInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, fromBudapestInput, toBudapestInput } from '@shop/ui';
import { useState } from 'react';
import { DescribedFieldRoot, SwitchField } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import {
  DESCRIPTION_ERROR_KEYS,
  DescriptionTitleRow,
  useDescriptionDraft,
} from '../admin/description-language';
import { EditFormFooter } from '../admin/edit-form-footer';
import { EditForm } from '../admin/edit-page/edit-form';
import { BackToList, EditPage, OpenInShop } from '../admin/edit-page/edit-page';
import { languageSaved, useEditForm } from '../admin/edit-page/use-edit-form';
import type { PickedProduct } from '../admin/product-picker';
import { RichTextField } from '../admin/rich-text/rich-text-field';
import { type ChosenImage, MediaImageField } from '../admin-media/media-image-field';
import { BlogPostStatusBadge } from './blog-post-status';
import { RelatedProductsField } from './related-products-field';

function BlogPostForm({ post }: { post: TBlogPost | null }) {
  const trpc = useTRPC();
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
  const edit = useEditForm({
    isNew: !post,
    id: post?.id,
    values: {
      slug: slug.trim() || undefined,
      author: author.trim() || null,
      imageId: cover?.id ?? null,
      published,
      publishedAt: fromBudapestInput(publishedAt) ?? null,
      productIds: products.map((product) => product.id),
    },
    description: { draft: description, stored: post?.descriptions ?? [] },
    paths: { list: '/admin/other/blogpost', record: '/admin/other/blogpost/$id' },
    permission: 'content:write',
    schema: post ? ZBlogPostUpdateInput : ZBlogPostCreateInput,
    invalidates: trpc.blogpost.pathFilter(),
    create: {
      mutation: trpc.blogpost.create,
      created: 'A bejegyzés létrejött.',
      failed: 'A bejegyzés nem jött létre.',
    },
    save: {
      mutation: trpc.blogpost.update,
      saved: () => ({ title: 'A bejegyzés mentve.', description: languageSaved(description) }),
    },
    remove: {
      mutation: trpc.blogpost.delete,
      removed: 'A bejegyzés törölve.',
      title: 'Bejegyzés törlése',
      question: (
        <>Biztosan törlöd {withArticle(`„${post?.title}”`)} bejegyzést? A művelet nem vonható vissza.</>
      ),
    },
  });
  const { errors } = edit;

  const scheduledFor = published ? fromBudapestInput(publishedAt) : undefined;
  const inFuture = scheduledFor !== undefined && Date.parse(scheduledFor) > Date.now();

  return (
    <EditForm edit={edit}>
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
            <DescribedFieldRoot invalid={Boolean(errors.publishedAt)}>
              <Field.Label>Megjelenés ideje</Field.Label>
              <Input
                type="datetime-local"
                value={publishedAt}
                onChange={(event) => setPublishedAt(event.target.value)}
              />
              {!errors.publishedAt && (
                <Field.HelperText>
                  {inFuture
                    ? 'Budapesti idő. Jövőbeli időpont: a bejegyzés ekkor jelenik meg a boltban.'
                    : 'Budapesti idő; jövőbeli időponttal időzíthető. Üresen a közzététel pillanata lesz.'}
                </Field.HelperText>
              )}
              <Field.ErrorText>{errors.publishedAt}</Field.ErrorText>
            </DescribedFieldRoot>
            <DescribedFieldRoot invalid={Boolean(errors.author)}>
              <Field.Label>Szerző</Field.Label>
              <Input value={author} onChange={(event) => setAuthor(event.target.value)} maxLength={100} />
              <Field.ErrorText>{errors.author}</Field.ErrorText>
            </DescribedFieldRoot>
            <MediaImageField
              label="Borítókép"
              value={cover}
              onChange={setCover}
              aspectRatio={1200 / 630}
              helper="A lista kártyáin, a cikk tetején és megosztáskor látszik; 1200 × 630 px a legjobb."
              error={errors.imageId}
            />
            <DescribedFieldRoot invalid={Boolean(errors.slug)}>
              <Field.Label>URL-név</Field.Label>
              <Input
                value={slug}
                onChange={(event) => setSlug(event.target.value)}
                placeholder="például teli-teazas"
              />
              {!errors.slug && (
                <Field.HelperText>
                  {post ? `A bejegyzés címe: /blog/${post.slug}` : 'Ha üresen hagyod, a címből készül.'}
                </Field.HelperText>
              )}
              <Field.ErrorText>{errors.slug}</Field.ErrorText>
            </DescribedFieldRoot>
            <RelatedProductsField
              products={products}
              onChange={setProducts}
              max={MAX_BLOG_POST_PRODUCTS}
              error={errors.productIds}
            />
            <EditFormFooter {...edit.footer} />
          </Stack>
        </AdminPanel>
      </Grid>
    </EditForm>
  );
}

function BlogPostActions({ slug }: { slug?: string }) {
  return (
    <>
      <BackToList to="/admin/other/blogpost">Blogbejegyzések</BackToList>
      {slug && <OpenInShop href={`/blog/${slug}`} />}
    </>
  );
}

/** /admin/other/blogpost/{id}; `new` writes a new post. */
export function BlogPostEditPage({ id }: { id: number | 'new' }) {
  const trpc = useTRPC();
  return (
    <EditPage
      load={id === 'new' ? null : trpc.blogpost.byId.queryOptions({ id })}
      newTitle="Új blogbejegyzés"
      newActions={<BlogPostActions />}
      newRecord={<BlogPostForm post={null} />}
      title={(post) => post.title}
      description={(post) => (
        <>
          <BlogPostStatusBadge status={post.status} /> Utoljára módosítva: {formatDateTime(post.updatedAt)}
        </>
      )}
      actions={(post) => <BlogPostActions slug={post.status === 'published' ? post.slug : undefined} />}
    >
      {(post) => <BlogPostForm key={post.updatedAt} post={post} />}
    </EditPage>
  );
}
