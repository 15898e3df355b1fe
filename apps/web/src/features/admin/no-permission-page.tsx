import { Button, Heading, Icon, Text, VStack } from '@chakra-ui/react';
import { withArticle } from '@shop/api/schemas/hungarian';
import { LuShieldOff } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { accessNames } from './access';
import type { AdminSection } from './sections';

/**
 * What an admin section shows to someone whose role does not open it (a typed or bookmarked URL): one
 * clear sentence and a way on, instead of a screen of refused requests. `home` is the first section
 * the person may open, if any.
 */
export function NoPermissionPage({ section, home }: { section: AdminSection; home?: AdminSection }) {
  return (
    <VStack gap="4" textAlign="center" maxW="lg" mx="auto" py={{ base: '12', md: '20' }}>
      <title>{`Nincs jogosultság | Kék Bögre admin`}</title>
      <Icon as={LuShieldOff} boxSize="12" color="fg.muted" aria-hidden="true" />
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
        Ehhez a részhez nincs jogosultságod
      </Heading>
      <Text color="fg.muted">
        {section.permission === 'owner'
          ? `${withArticle(`„${section.label}”`, { capital: true })} oldalt csak a bolt tulajdonosa nyithatja meg.`
          : `${withArticle(`„${section.label}”`, { capital: true })} oldalhoz ez a jogosultság kell: ${accessNames(section.permission)}. Ha szükséged van rá, kérd meg a bolt tulajdonosát, hogy bővítse a szerepkörödet.`}
      </Text>
      {home && (
        <Button asChild colorPalette="brand">
          <AppLink href={home.path}>{`Tovább ide: ${home.label}`}</AppLink>
        </Button>
      )}
    </VStack>
  );
}
