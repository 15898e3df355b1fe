import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { type TBarionPixelSetting, ZBarionPixelUpdateInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { SettingsSaveFooter } from '../admin/settings-form';

function PixelForm({ setting }: { setting: TBarionPixelSetting }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pixelId, setPixelId] = useState(setting.barionPixelId ?? '');
  const { errors, validate, failWith } = useZodForm(ZBarionPixelUpdateInput);
  const save = useMutation(
    trpc.barionPixel.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.barionPixel.get.queryKey(), saved);
        toaster.success({
          title: saved.barionPixelId
            ? 'A Barion Pixel azonosítóját elmentettük.'
            : 'A Barion Pixelt levettük a bolt oldalairól.',
        });
      },
      ...failWith('A Pixel-azonosító mentése nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ barionPixelId: pixelId });
    if (input) save.mutate(input);
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Barion Pixel">
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              Barion Pixel
            </Heading>
            <Badge colorPalette={setting.barionPixelId ? 'green' : 'gray'}>
              {setting.barionPixelId ? 'Bekapcsolva' : 'Nincs beállítva'}
            </Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Azonosítóval a bolt minden oldala betölti a Barion Pixel alapkódját, amelyet a Barion a
            csalásmegelőzéshez kér. A termékmegtekintés, a kosárba tétel, a pénztár megnyitása és a vásárlás
            eseményét csak annak a látogatónak küldjük el, aki a sütisávban hozzájárult a marketingsütikhez.
            Üresen hagyva a Pixel nem töltődik be.
          </Text>
          <Box maxW="md">
            <TextField
              label="Pixel-azonosító"
              value={pixelId}
              onValueChange={setPixelId}
              error={errors.barionPixelId}
              placeholder="BP-0123456789-01"
              autoComplete="off"
              spellCheck={false}
              helper="A Barion-tárcában: Üzleteim kezelése → Műveletek → Részletek. A teszt- és az éles rendszer azonosítója eltér."
            />
          </Box>
          <SettingsSaveFooter saving={save.isPending} label="Pixel mentése" />
        </Stack>
      </form>
    </AdminPanel>
  );
}

/** The "Barion Pixel" card of the payment settings screen: the Pixel ID the shop's pages carry. */
export function BarionPixelCard() {
  const trpc = useTRPC();
  const { data: setting } = useSuspenseQuery(trpc.barionPixel.get.queryOptions());
  return <PixelForm key={setting.updatedAt ?? 'new'} setting={setting} />;
}
