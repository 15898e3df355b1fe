import { Badge, Box, Flex, Heading, Text } from '@chakra-ui/react';
import { type TBarionPixelSetting, ZBarionPixelUpdateInput } from '@shop/api/schemas';
import { useState } from 'react';
import { TextField } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';
import { SettingsCard, SettingsCardLoader, useSettingsCard } from '../admin/settings-card';

function PixelForm({ setting }: { setting: TBarionPixelSetting }) {
  const trpc = useTRPC();
  const [pixelId, setPixelId] = useState(setting.barionPixelId ?? '');
  const card = useSettingsCard({
    schema: ZBarionPixelUpdateInput,
    save: trpc.barionPixel.update,
    settingsKey: trpc.barionPixel.get.queryKey(),
    saved: (answer) =>
      answer.barionPixelId
        ? 'A Barion Pixel azonosítóját elmentettük.'
        : 'A Barion Pixelt levettük a bolt oldalairól.',
    failed: 'A Pixel-azonosító mentése nem sikerült.',
  });
  const { errors } = card;

  return (
    <SettingsCard
      card={card}
      values={() => ({ barionPixelId: pixelId })}
      label="Barion Pixel"
      saveLabel="Pixel mentése"
      gap="4"
    >
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
    </SettingsCard>
  );
}

/** The "Barion Pixel" card of the payment settings screen: the Pixel ID the shop's pages carry. */
export function BarionPixelCard() {
  const trpc = useTRPC();
  return <SettingsCardLoader load={trpc.barionPixel.get.queryOptions()} form={PixelForm} />;
}
