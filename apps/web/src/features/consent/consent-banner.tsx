import {
  Box,
  Button,
  Link as ChakraLink,
  Checkbox,
  CloseButton,
  Flex,
  Heading,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { CheckboxField } from '../../components/form/fields';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { useTRPCClient } from '../../lib/trpc';
import { closeConsentSettings, saveConsent, useConsentSettingsOpen } from './consent-choice';
import { CONSENT_DECIDED_ATTRIBUTE, CONSENT_DECIDES_ATTRIBUTE } from './consent-policy';
import { CONSENT_POLICY_VERSION, type ConsentChoice, readConsent, type StoredConsent } from './consent-state';

const COOKIE_POLICY_SLUG = 'cookie-tajekoztato';
const HEADING_ID = 'consent-banner-title';

type Category = { key: keyof ConsentChoice; label: string; text: string };

const CATEGORIES: Category[] = [
  {
    key: 'statistics',
    label: 'Statisztika',
    text: 'A látogatottság névtelen méréséhez. Most nem használunk ilyen sütit; ha bevezetjük, csak ezzel a hozzájárulással.',
  },
  {
    key: 'marketing',
    label: 'Marketing',
    text: 'A Barion Pixel hirdetési célú eseményei: termékmegtekintés, kosárba tétel, pénztár, vásárlás.',
  },
];

/** Records the decision for accountability; the choice itself already holds in this browser. */
function useRecordConsent() {
  const client = useTRPCClient();
  return (consent: StoredConsent) => {
    const input = {
      consentId: consent.id,
      statistics: consent.statistics,
      marketing: consent.marketing,
      policyVersion: CONSENT_POLICY_VERSION,
    };
    // One retry for a dropped connection; a failure is not the visitor's problem, so no message.
    client.consent.record
      .mutate(input)
      .catch(() => client.consent.record.mutate(input))
      .catch((error: unknown) => console.warn('A süti-választás rögzítése nem sikerült.', error));
  };
}

/**
 * The cookie banner: on the first visit (and after 12 months or a policy change) it asks; "Összes
 * elfogadása" and "Összes elutasítása" are the same size and weight, "Beállítások" chooses per
 * category. Reopened from the footer's "Süti beállítások" it shows the settings with the current choice.
 */
export function ConsentBanner() {
  const reopened = useConsentSettingsOpen();
  const current = readConsent();
  const [showSettings, setShowSettings] = useState(reopened);
  const [choice, setChoice] = useState<ConsentChoice>({
    statistics: current?.statistics ?? false,
    marketing: current?.marketing ?? false,
  });
  const record = useRecordConsent();
  const regionRef = useRef<HTMLDivElement>(null);

  // Reopened on purpose: the settings open and take the focus; a first visit does not steal it.
  useEffect(() => {
    if (!reopened) return;
    setShowSettings(true);
    regionRef.current?.focus();
  }, [reopened]);

  // Where the focus came into the banner from, so closing it can give the focus back (see `leave`).
  const cameFrom = useRef<HTMLElement | null>(null);

  /**
   * The banner goes once the visitor chooses: a focus inside it would drop to the page's body, so it
   * goes back where it came from (the footer's "Süti beállítások" that reopened it), or on to the
   * page's content when it came from the skip link or from nowhere.
   */
  const leave = () => {
    const region = regionRef.current;
    if (!region?.contains(document.activeElement)) return;
    const back = cameFrom.current;
    const target =
      back?.isConnected && !back.closest(`a[href="#${MAIN_CONTENT_ID}"]`)
        ? back
        : document.getElementById(MAIN_CONTENT_ID);
    target?.focus();
  };

  const decide = (decision: ConsentChoice) => {
    leave();
    record(saveConsent(decision));
  };

  return (
    <Box
      ref={regionRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={HEADING_ID}
      data-consent-banner=""
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
      }}
      // Drawn by the server for every visitor; hidden from the first paint for one who has decided.
      css={{ [`html[${CONSENT_DECIDED_ATTRIBUTE}] &`]: { display: 'none' } }}
      tabIndex={-1}
      position="fixed"
      insetX={{ base: '0', md: '4' }}
      bottom={{ base: '0', md: '4' }}
      zIndex="banner"
      maxW={{ md: '3xl' }}
      mx="auto"
      maxH="100dvh"
      overflowY="auto"
      bg="bg"
      borderWidth="1px"
      borderRadius={{ base: '0', md: 'l3' }}
      boxShadow="lg"
      p={{ base: '4', md: '6' }}
      outline="none"
    >
      <Stack gap="4">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Heading as="h2" id={HEADING_ID} size="md">
            Sütik (cookie-k) ezen az oldalon
          </Heading>
          {current && reopened && (
            <CloseButton
              size="sm"
              aria-label="Bezárás változtatás nélkül"
              onClick={() => {
                leave();
                closeConsentSettings();
              }}
            />
          )}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          A bolt működéséhez szükséges tárolást (kosár, bejelentkezés, ez a választás) mindig használjuk.
          Statisztikai és marketing célú sütit csak a hozzájárulásoddal. Döntésed 12 hónapig érvényes, a lap
          alján a „Süti beállítások” linkkel bármikor módosíthatod.{' '}
          <ChakraLink asChild colorPalette="brand" variant="underline">
            <Link to="/page/$slug" params={{ slug: COOKIE_POLICY_SLUG }}>
              Süti tájékoztató
            </Link>
          </ChakraLink>
        </Text>
        {showSettings && (
          <Stack as="fieldset" gap="3" borderWidth="1px" borderRadius="l2" p="3">
            <Text as="legend" srOnly>
              Süti kategóriák
            </Text>
            <Box>
              <Checkbox.Root checked disabled colorPalette="brand" alignItems="flex-start">
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label fontWeight="normal">
                  <Text as="span" fontWeight="semibold">
                    Szükséges
                  </Text>{' '}
                  (mindig bekapcsolva)
                </Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="xs" color="fg.muted" ms="6">
                Kosár, bejelentkezés, ez a választás; nélkülük a bolt nem működik.
              </Text>
            </Box>
            {CATEGORIES.map((category) => (
              <Box key={category.key}>
                <CheckboxField
                  checked={choice[category.key]}
                  onCheckedChange={(checked) => setChoice((now) => ({ ...now, [category.key]: checked }))}
                >
                  <Text as="span" fontWeight="semibold">
                    {category.label}
                  </Text>
                </CheckboxField>
                <Text fontSize="xs" color="fg.muted" ms="6">
                  {category.text}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }} justify="flex-end" wrap="wrap">
          {showSettings ? (
            <Button variant="outline" onClick={() => decide(choice)}>
              Kiválasztottak mentése
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setShowSettings(true)}>
              Beállítások
            </Button>
          )}
          <Button
            colorPalette="brand"
            {...{ [CONSENT_DECIDES_ATTRIBUTE]: '' }}
            onClick={() => decide({ statistics: false, marketing: false })}
          >
            Összes elutasítása
          </Button>
          <Button
            colorPalette="brand"
            {...{ [CONSENT_DECIDES_ATTRIBUTE]: '' }}
            onClick={() => decide({ statistics: true, marketing: true })}
          >
            Összes elfogadása
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}
