import { Alert, Badge, Box, Button, Code, Flex, Grid, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  EMAIL_PLACEHOLDERS,
  type TEmailPlaceholder,
  type TEmailPreviewOutput,
  type TEmailTemplate,
  ZEmailTemplateCreateInput,
  ZEmailTemplateUpdateInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { LuArrowLeft, LuTriangleAlert } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { EditFormFooter } from '../admin/edit-form-footer';
import { PreviewLabel } from '../admin/preview-label';
import { RichTextField, type RichTextHandle } from '../admin/rich-text/rich-text-field';
import { EmailFrame } from './email-frame';

const ALL_PLACEHOLDERS = Object.keys(EMAIL_PLACEHOLDERS) as TEmailPlaceholder[];

const isPlaceholder = (name: string): name is TEmailPlaceholder => name in EMAIL_PLACEHOLDERS;

/** Renders what the customer would get, filled with sample data, as the admin types (debounced). */
function usePreview(key: string, subject: string, bodyHtml: string) {
  const trpc = useTRPC();
  const [preview, setPreview] = useState<TEmailPreviewOutput | null>(null);
  const { mutate, isPending } = useMutation(
    trpc.email.preview.mutationOptions({
      onSuccess: setPreview,
      // A draft that does not render yet simply has no preview; the save reports what is wrong.
      onError: () => setPreview(null),
      meta: { toastError: false },
    }),
  );
  const draft = useMemo(() => ({ key: key || undefined, subject, bodyHtml }), [key, subject, bodyHtml]);
  const settled = useDebouncedValue(draft, 400);
  useEffect(() => mutate(settled), [settled, mutate]);
  return { preview, isPending };
}

function PreviewPanel({
  keyName,
  subject,
  bodyHtml,
}: {
  keyName: string;
  subject: string;
  bodyHtml: string;
}) {
  const { preview, isPending } = usePreview(keyName, subject, bodyHtml);
  return (
    <AdminPanel
      p={{ base: '4', md: '6' }}
      aria-label="Előnézet"
      position={{ lg: 'sticky' }}
      top={{ lg: '20' }}
    >
      <Flex justify="space-between" align="center" mb="3">
        <PreviewLabel>Előnézet mintaadatokkal</PreviewLabel>
        {isPending && <Spinner size="xs" color="fg.muted" aria-label="Előnézet frissítése" />}
      </Flex>
      {preview && preview.unknownPlaceholders.length > 0 && (
        <Alert.Root status="warning" size="sm" mb="3">
          <Alert.Indicator>
            <LuTriangleAlert />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>Ismeretlen helyőrző</Alert.Title>
            <Alert.Description>
              Ezeket a webáruház nem tölti ki, a levélben így maradnak:{' '}
              {preview.unknownPlaceholders.map((name) => `{{${name}}}`).join(', ')}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Box borderWidth="1px" borderRadius="l2" overflow="hidden">
        <Box bg="bg.subtle" px="4" py="2.5" borderBottomWidth="1px" fontSize="sm">
          <Text as="span" color="fg.muted">
            Tárgy:{' '}
          </Text>
          <Text as="span" fontWeight="semibold" data-testid="preview-subject">
            {preview?.subject ?? subject}
          </Text>
        </Box>
        <EmailFrame title="A levél előnézete" html={preview?.html ?? ''} h={{ base: '96', lg: '560px' }} />
      </Box>
    </AdminPanel>
  );
}

function PlaceholderList({
  names,
  onInsert,
}: {
  names: readonly TEmailPlaceholder[];
  onInsert: (name: TEmailPlaceholder) => void;
}) {
  return (
    <Box>
      <Text fontSize="sm" fontWeight="medium" mb="1">
        Helyőrzők
      </Text>
      <Text fontSize="xs" color="fg.muted" mb="2">
        Kattints egyre, és a levél szövegébe kerül a kurzor helyére.
      </Text>
      <Wrap gap="2">
        {names.map((name) => (
          <Button
            key={name}
            size="xs"
            variant="outline"
            onClick={() => onInsert(name)}
            title={EMAIL_PLACEHOLDERS[name].label}
            aria-label={`${EMAIL_PLACEHOLDERS[name].label} beszúrása`}
            h="auto"
            py="1"
            flexDirection="column"
            alignItems="flex-start"
            gap="0"
          >
            <Code size="sm" variant="plain" px="0" bg="transparent">{`{{${name}}}`}</Code>
            <Text as="span" fontSize="2xs" color="fg.muted" fontWeight="normal">
              {EMAIL_PLACEHOLDERS[name].label}
            </Text>
          </Button>
        ))}
      </Wrap>
    </Box>
  );
}

function TemplateForm({ template }: { template: TEmailTemplate | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const bodyRef = useRef<RichTextHandle>(null);
  const [name, setName] = useState(template?.name ?? '');
  const [key, setKey] = useState(template?.key ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [bodyHtml, setBodyHtml] = useState(template?.bodyHtml ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { errors, validate, failWith } = useZodForm(
    template ? ZEmailTemplateUpdateInput : ZEmailTemplateCreateInput,
  );
  const builtIn = template?.builtIn ?? false;
  const placeholders =
    template && template.placeholders.length > 0
      ? template.placeholders.filter(isPlaceholder)
      : ALL_PLACEHOLDERS;

  const invalidate = () => queryClient.invalidateQueries(trpc.email.pathFilter());
  const create = useMutation(
    trpc.email.create.mutationOptions({
      onSuccess: (created) => {
        toaster.success({ title: 'A sablon létrejött.' });
        void invalidate();
        void navigate({ to: '/admin/other/email/$id', params: { id: String(created.id) }, replace: true });
      },
      ...failWith('A sablon nem jött létre.'),
    }),
  );
  const update = useMutation(
    trpc.email.update.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A sablont elmentettük.' });
        void invalidate();
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const remove = useMutation(
    trpc.email.delete.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A sablont töröltük.' });
        void invalidate();
        void navigate({ to: '/admin/other/email' });
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setConfirmDelete(false),
    }),
  );

  const insert = (placeholder: TEmailPlaceholder) => bodyRef.current?.insertText(`{{${placeholder}}}`);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (template) {
      const input = validate({ id: template.id, name, subject, bodyHtml, ...(builtIn ? {} : { key }) });
      if (input) update.mutate(input as Parameters<typeof update.mutate>[0]);
    } else {
      const input = validate({ key, name, subject, bodyHtml });
      if (input) create.mutate(input as Parameters<typeof create.mutate>[0]);
    }
  };

  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4" alignItems="start">
      <AdminPanel asChild p={{ base: '4', md: '6' }}>
        <form onSubmit={onSubmit} noValidate aria-label="E-mail-sablon">
          <Stack gap="5">
            <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="4">
              <TextField label="Név" value={name} onValueChange={setName} error={errors.name} required />
              <TextField
                label="Kulcs"
                value={key}
                onValueChange={setKey}
                error={errors.key}
                readOnly={builtIn}
                bg={builtIn ? 'bg.muted' : undefined}
                fontFamily="mono"
                placeholder="pl. ajanlat_koszono"
                helper={builtIn ? 'A beépített sablon kulcsa nem módosítható.' : 'Kisbetű, szám és aláhúzás.'}
                required={!builtIn}
              />
            </Grid>
            <TextField
              label="Tárgy"
              value={subject}
              onValueChange={setSubject}
              error={errors.subject}
              required
            />
            <RichTextField
              ref={bodyRef}
              label="A levél szövege"
              value={bodyHtml}
              onChange={setBodyHtml}
              errorText={errors.bodyHtml}
            />
            <PlaceholderList names={placeholders} onInsert={insert} />
            <EditFormFooter
              isNew={!template}
              saving={create.isPending || update.isPending}
              onDelete={template && !builtIn ? () => setConfirmDelete(true) : undefined}
            />
          </Stack>
        </form>
      </AdminPanel>
      <PreviewPanel keyName={key} subject={subject} bodyHtml={bodyHtml} />
      {template && !builtIn && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Sablon törlése"
          confirmLabel="Törlés"
          loading={remove.isPending}
          onConfirm={() => remove.mutate({ id: template.id })}
        >
          Biztosan törlöd {withArticle(`„${template.name}”`)} sablont? A művelet nem vonható vissza.
        </ConfirmDialog>
      )}
    </Grid>
  );
}

function BackButton() {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to="/admin/other/email">
        <LuArrowLeft /> Sablonok
      </Link>
    </Button>
  );
}

function ExistingTemplate({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: template } = useSuspenseQuery(trpc.email.byId.queryOptions({ id }));
  return (
    <AdminPage
      title={template.name}
      description={
        <>
          {template.builtIn && (
            <Badge colorPalette="brand" variant="subtle" me="2">
              Beépített
            </Badge>
          )}
          Utoljára módosítva: {formatDateTime(template.updatedAt)}
        </>
      }
      actions={<BackButton />}
    >
      <TemplateForm key={template.updatedAt} template={template} />
    </AdminPage>
  );
}

/** /admin/other/email/{id}; `new` creates a template. */
export function TemplateEditPage({ id }: { id: number | 'new' }) {
  if (id === 'new') {
    return (
      <AdminPage title="Új e-mail-sablon" actions={<BackButton />}>
        <TemplateForm template={null} />
      </AdminPage>
    );
  }
  return <ExistingTemplate id={id} />;
}
