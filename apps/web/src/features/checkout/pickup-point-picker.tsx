import {
  Badge,
  Box,
  Button,
  CloseButton,
  chakra,
  Dialog,
  Flex,
  Input,
  InputGroup,
  Portal,
  Spinner,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import {
  PICKUP_CARRIER_LABELS,
  pickupKindLabel,
  type TPickupCarrier,
  type TPickupPoint,
} from '@shop/api/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { LuLocateFixed, LuMap, LuSearch, LuX } from 'react-icons/lu';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { budapestWeekday, dayHoursText, formatDistance, WEEKDAY_NAMES, weekHours } from './pickup-hours';

// Leaflet and its styles load only when the shopper asks for the map.
const PickupPointMap = lazy(() => import('./pickup-point-map'));

type Near = { lat: number; lng: number };

const LOCATION_PROBLEMS: Record<number, string> = {
  1: 'Nem engedélyezted a helymeghatározást. Keress irányítószámra, városra vagy a pont nevére!',
  2: 'A helyedet most nem sikerült meghatározni. Keress irányítószámra, városra vagy a pont nevére!',
  3: 'A helymeghatározás túl sokáig tartott. Próbáld újra, vagy keress irányítószámra!',
};

/** The browser's location, once asked; a Hungarian message when it cannot be had. */
function useNearby() {
  const [near, setNear] = useState<Near | null>(null);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem('Ez a böngésző nem tudja megadni a helyedet. Keress irányítószámra vagy városra!');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setNear({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        setLocating(false);
        setProblem(LOCATION_PROBLEMS[error.code] ?? LOCATION_PROBLEMS[2]!);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };
  return {
    near,
    locate,
    locating,
    problem,
    clear: () => setNear(null),
    /** The shopper searches by text, as the message asks: it has been followed. */
    forgetProblem: () => setProblem(null),
  };
}

function PointHours({ point }: { point: TPickupPoint }) {
  const today = budapestWeekday();
  if (point.hours.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Nyitvatartás: a posta nyitvatartása szerint.
      </Text>
    );
  }
  return (
    <>
      <Text fontSize="sm">
        Ma ({WEEKDAY_NAMES[today - 1]}): <strong>{dayHoursText(point.hours, today)}</strong>
      </Text>
      <Box as="details" fontSize="sm" color="fg.muted">
        <Box as="summary" cursor="pointer" w="fit-content">
          Teljes nyitvatartás
        </Box>
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" mt="1">
          {weekHours(point.hours).map((day) => (
            <Box key={day.day} display="contents" fontWeight={day.day === today ? 'semibold' : undefined}>
              <dt>{day.name}</dt>
              <dd>{day.text}</dd>
            </Box>
          ))}
        </Box>
      </Box>
    </>
  );
}

function PointItem({
  point,
  chosen,
  highlighted,
  onChoose,
}: {
  point: TPickupPoint;
  chosen: boolean;
  highlighted: boolean;
  onChoose: () => void;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [highlighted]);
  // Most names start with the kind ("FOXPOST A-BOX …"); it is said again only when they do not.
  const kind = pickupKindLabel(point.kind);
  const shownKind = kind && !point.name.includes(kind) ? kind : null;
  return (
    <Box
      as="li"
      ref={ref}
      listStyleType="none"
      p="3"
      borderWidth="1px"
      borderRadius="l2"
      borderColor={chosen || highlighted ? 'brand.solid' : undefined}
      bg={chosen ? 'brand.subtle' : 'white'}
      boxShadow={highlighted ? 'inset 0 0 0 1px var(--chakra-colors-brand-solid)' : undefined}
    >
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between">
        <Stack gap="1" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold">{point.name}</Text>
            {point.distance !== undefined && (
              <Badge variant="subtle" colorPalette="gray">
                {formatDistance(point.distance)}
              </Badge>
            )}
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            {point.address.postcode} {point.address.city}, {point.address.street}
            {shownKind ? ` · ${shownKind}` : ''}
          </Text>
          <PointHours point={point} />
          {point.findMe && (
            <Text fontSize="sm" color="fg.muted">
              {point.findMe}
            </Text>
          )}
        </Stack>
        <Button
          type="button"
          size="sm"
          colorPalette="brand"
          variant={chosen ? 'solid' : 'outline'}
          onClick={onChoose}
          aria-label={`Ezt választom: ${point.name}`}
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          flexShrink={0}
        >
          {chosen ? 'Választva' : 'Ezt választom'}
        </Button>
      </Flex>
    </Box>
  );
}

/**
 * The point picker of a carrier, in a dialog that fills a phone's screen and scrolls inside: search by
 * postcode (its first digits), city, street or name, or "Közeli pontok" with the browser's location,
 * nearest first; each point with its address and today's hours, and a map that is loaded only when opened.
 */
export default function PickupPointPicker({
  open,
  onOpenChange,
  carrier,
  value,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  carrier: TPickupCarrier;
  value: TPickupPoint | null;
  onChoose: (point: TPickupPoint) => void;
}) {
  const trpc = useTRPC();
  const size = useBreakpointValue<'full' | 'xl'>({ base: 'full', md: 'xl' }) ?? 'xl';
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const nearby = useNearby();
  const [showMap, setShowMap] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const searchId = useId();
  const label = PICKUP_CARRIER_LABELS[carrier];

  const search = useQuery({
    ...trpc.pickupPoint.search.queryOptions({
      carrier,
      ...(query ? { query } : {}),
      ...(nearby.near ? { near: nearby.near } : {}),
    }),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const points = search.data?.items ?? [];

  let status: string;
  if (search.isError) status = `A keresés nem sikerült: ${errorMessage(search.error)}`;
  else if (!search.data) status = 'Pontok betöltése…';
  else if (points.length === 0)
    status = query ? `Nincs ${label} pont erre: „${query}”.` : `Nincs elérhető ${label} pont.`;
  else
    status = `${points.length} pont${nearby.near ? ', a legközelebbi elöl' : ''}${points.length === 20 ? ' (pontosíts a kereséssel, ha nincs köztük a tiéd)' : ''}.`;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      scrollBehavior="inside"
      size={size}
      initialFocusEl={() => document.getElementById(searchId)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {/* Room for the close button: a carrier's long name would run under it on a phone. */}
            <Dialog.Header pe="12">
              <Dialog.Title>{label} csomagpont választása</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Bezárás" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="3">
                <Box>
                  <chakra.label htmlFor={searchId} fontWeight="medium" display="block" mb="1.5">
                    Irányítószám, város vagy a pont neve
                  </chakra.label>
                  <InputGroup startElement={<LuSearch />}>
                    <Input
                      id={searchId}
                      type="search"
                      value={text}
                      onChange={(event) => {
                        setText(event.target.value);
                        nearby.forgetProblem();
                      }}
                      // Enter searches at once; it must not send the checkout form behind the dialog.
                      onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                      placeholder="például 1117 vagy Debrecen"
                      autoComplete="postal-code"
                      maxLength={100}
                    />
                  </InputGroup>
                </Box>
                <Flex gap="2" wrap="wrap">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={nearby.locate}
                    loading={nearby.locating}
                    loadingText="Helymeghatározás…"
                  >
                    <LuLocateFixed /> Közeli pontok
                  </Button>
                  {nearby.near && (
                    <Button type="button" size="sm" variant="ghost" onClick={nearby.clear}>
                      <LuX /> Ne a helyem szerint
                    </Button>
                  )}
                  <Button
                    type="button"
                    size="sm"
                    variant={showMap ? 'subtle' : 'outline'}
                    aria-pressed={showMap}
                    onClick={() => setShowMap((shown) => !shown)}
                  >
                    <LuMap /> {showMap ? 'Térkép elrejtése' : 'Térkép'}
                  </Button>
                </Flex>
                {nearby.problem && (
                  <Text role="alert" fontSize="sm" color="fg.error">
                    {nearby.problem}
                  </Text>
                )}
                {showMap && (
                  <Suspense
                    fallback={
                      <Flex h="64" align="center" justify="center" borderWidth="1px" borderRadius="l2">
                        <Spinner />
                      </Flex>
                    }
                  >
                    <PickupPointMap
                      points={points}
                      selectedId={highlighted ?? value?.id ?? null}
                      onSelect={setHighlighted}
                    />
                  </Suspense>
                )}
                <Flex gap="2" align="center" fontSize="sm" color="fg.muted" role="status" aria-live="polite">
                  {search.isFetching && <Spinner size="xs" />}
                  {status}
                </Flex>
                <Stack as="ul" gap="2" aria-label={`${label} pontok`} m="0" p="0">
                  {points.map((point) => (
                    <PointItem
                      key={point.id}
                      point={point}
                      chosen={value?.carrier === point.carrier && value.id === point.id}
                      highlighted={highlighted === point.id}
                      onChoose={() => onChoose(point)}
                    />
                  ))}
                </Stack>
              </Stack>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
