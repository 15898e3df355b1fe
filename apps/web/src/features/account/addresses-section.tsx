import {
  Badge,
  Box,
  Button,
  EmptyState,
  Flex,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ADDRESS_TYPE_LABELS, ADDRESS_TYPES, type TAddress, type TAddressType } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuMapPin, LuPencil, LuPlus, LuStar, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { AddressDialog } from './address-dialog';
import { SectionCard } from './section-card';

const GROUP_TITLES: Record<TAddressType, string> = {
  shipping: 'Szállítási címek',
  billing: 'Számlázási címek',
};

function oneLine(address: TAddress): string {
  return [`${address.postcode} ${address.city}, ${address.street}`, address.floorDoor]
    .filter(Boolean)
    .join(' ');
}

function AddressCard({
  address,
  onEdit,
  onDelete,
}: {
  address: TAddress;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const makeDefault = useMutation(
    trpc.user.addressUpdate.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.user.addressList.queryFilter());
        toaster.success({ title: 'Az alapértelmezett cím megváltozott.' });
      },
      meta: { errorTitle: 'A módosítás nem sikerült.' },
    }),
  );

  return (
    <Box
      as="article"
      aria-label={`${ADDRESS_TYPE_LABELS[address.type]}: ${address.name}`}
      borderWidth="1px"
      borderColor={address.isDefault ? 'brand.emphasized' : 'border'}
      bg={address.isDefault ? 'brand.subtle' : 'white'}
      borderRadius="l2"
      p="4"
      display="flex"
      flexDirection="column"
      gap="3"
    >
      <Flex justify="space-between" align="flex-start" gap="2">
        <Text fontWeight="semibold">{address.name}</Text>
        {address.isDefault && (
          <Badge colorPalette="brand" variant="solid" flexShrink={0}>
            Alapértelmezett
          </Badge>
        )}
      </Flex>
      <Stack gap="0.5" fontSize="sm" color="fg.muted" flex="1">
        {address.companyName && <Text color="fg">{address.companyName}</Text>}
        <Text>{oneLine(address)}</Text>
        {address.taxNumber && <Text>Adószám: {address.taxNumber}</Text>}
        {address.euVatNumber && <Text>Közösségi adószám: {address.euVatNumber}</Text>}
        {address.phone && <Text>Tel.: {address.phone}</Text>}
      </Stack>
      <Flex gap="1" wrap="wrap" mx="-2" mb="-1">
        <Button size="sm" variant="ghost" onClick={onEdit}>
          <LuPencil /> Szerkesztés
        </Button>
        <Button size="sm" variant="ghost" colorPalette="red" onClick={onDelete}>
          <LuTrash2 /> Törlés
        </Button>
        {!address.isDefault && (
          <Button
            size="sm"
            variant="ghost"
            loading={makeDefault.isPending}
            onClick={() => makeDefault.mutate({ id: address.id, isDefault: true })}
          >
            <LuStar /> Legyen alapértelmezett
          </Button>
        )}
      </Flex>
    </Box>
  );
}

type Editing = { address: TAddress | null; type: TAddressType };

/** Címeim: shipping and billing addresses, one default of each. */
export function AddressesSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: addresses, isPending } = useQuery(
    trpc.user.addressList.queryOptions(undefined, { select: selectItems }),
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TAddress | null>(null);

  const remove = useMutation(
    trpc.user.addressDelete.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.user.addressList.queryFilter());
        toaster.success({ title: 'A címet töröltük.' });
        setDeleting(null);
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setDeleting(null),
    }),
  );

  const open = (next: Editing) => {
    setEditing(next);
    setDialogOpen(true);
  };

  return (
    <SectionCard
      title="Címeim"
      description="A rendelésnél ezek közül választhatsz; típusonként az alapértelmezett kerül előre."
      actions={
        <Button colorPalette="brand" onClick={() => open({ address: null, type: 'shipping' })}>
          <LuPlus /> Új cím
        </Button>
      }
    >
      {isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Skeleton h="36" borderRadius="l2" />
          <Skeleton h="36" borderRadius="l2" />
        </SimpleGrid>
      ) : !addresses?.length ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l2" py="10">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <LuMapPin />
            </EmptyState.Indicator>
            <EmptyState.Title>Még nincs elmentett címed</EmptyState.Title>
            <EmptyState.Description textAlign="center">
              Ments el egy szállítási és egy számlázási címet, így a rendelésnél nem kell újra begépelned.
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap="6">
          {ADDRESS_TYPES.map((type) => {
            const group = addresses.filter((address) => address.type === type);
            return (
              <Box key={type}>
                <Flex justify="space-between" align="center" mb="3" gap="2">
                  <Heading as="h3" size="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                    {GROUP_TITLES[type]}
                  </Heading>
                  <Button size="xs" variant="ghost" onClick={() => open({ address: null, type })}>
                    <LuPlus /> Hozzáadás
                  </Button>
                </Flex>
                {group.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    Nincs {ADDRESS_TYPE_LABELS[type].toLowerCase()} elmentve.
                  </Text>
                ) : (
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    {group.map((address) => (
                      <AddressCard
                        key={address.id}
                        address={address}
                        onEdit={() => open({ address, type })}
                        onDelete={() => setDeleting(address)}
                      />
                    ))}
                  </SimpleGrid>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      <AddressDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        address={editing?.address ?? null}
        defaultType={editing?.type ?? 'shipping'}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Cím törlése"
        confirmLabel="Törlés"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        Biztosan törlöd ezt a címet: {deleting ? `${deleting.name}, ${oneLine(deleting)}` : ''}?
      </ConfirmDialog>
    </SectionCard>
  );
}
