import { Button, Link as ChakraLink, Flex, Stack, Text } from '@chakra-ui/react';
import { ZDeleteAccountInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuDownload, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PasswordField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';
import { useEndSession } from '../auth/use-session';
import { SectionCard } from './section-card';

function ExportData() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    async () => {
      const data = await queryClient.fetchQuery(freshQuery(trpc.user.export.queryOptions()));
      return {
        filename: `kek-bogre-adataim-${data.exportedAt.slice(0, 10)}.json`,
        contentType: 'application/json',
        content: JSON.stringify(data, null, 2),
      };
    },
    { encoding: 'text', errorTitle: 'A letöltés nem sikerült.', successTitle: 'Az adataidat letöltöttük.' },
  );

  return (
    <SectionCard
      title="Adataim letöltése"
      description="Minden adatod, amit rólad tárolunk – személyes adataid, címeid, rendeléseid és kedvenceid – egy JSON fájlban."
      actions={
        <Button variant="outline" loading={loading} onClick={() => void download()}>
          <LuDownload /> Adataim letöltése
        </Button>
      }
    />
  );
}

function DeleteAccount() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const endSession = useEndSession();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { errors, validate, failWith } = useZodForm(ZDeleteAccountInput, { input: { password } });

  const remove = useMutation(
    trpc.user.deleteAccount.mutationOptions({
      onSuccess: () => {
        endSession();
        toaster.success({ title: 'A fiókodat töröltük.', description: 'Köszönjük, hogy nálunk vásároltál.' });
        void navigate({ to: '/' });
      },
      ...failWith('A fiók törlése nem sikerült.'),
      onSettled: () => setConfirming(false),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (validate()) setConfirming(true);
  };

  return (
    <SectionCard
      tone="danger"
      title="Fiók törlése"
      description="A törlés végleges. A személyes adataidat töröljük; a korábbi rendeléseid számlázási adatait a számviteli törvény miatt megőrizzük."
    >
      <Stack gap="4" asChild>
        <form onSubmit={onSubmit} noValidate aria-label="Fiók törlése">
          <PasswordField
            label="Jelszó a megerősítéshez"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            required
            maxW={{ md: 'sm' }}
          />
          <Flex justify="flex-end">
            <Button type="submit" colorPalette="red" variant="outline" minW={{ base: 'full', sm: '40' }}>
              <LuTrash2 /> Fiók törlése
            </Button>
          </Flex>
        </form>
      </Stack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Biztosan törlöd a fiókodat?"
        confirmLabel="Végleges törlés"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ password })}
      >
        A fiókodba többé nem tudsz belépni, és az elmentett címeid is törlődnek.
      </ConfirmDialog>
    </SectionCard>
  );
}

/** Adatvédelem: the customer's GDPR rights, data export and erasure. */
export function PrivacySection() {
  return (
    <Stack gap="4">
      <ExportData />
      <DeleteAccount />
      <Text fontSize="sm" color="fg.muted" px="1">
        Részletek az{' '}
        <ChakraLink asChild color="brand.fg">
          <Link to="/page/$slug" params={{ slug: 'adatkezelesi-tajekoztato' }}>
            adatkezelési tájékoztatóban
          </Link>
        </ChakraLink>
        .
      </Text>
    </Stack>
  );
}
