import { Badge, Box, Button, Flex, IconButton, Text } from '@chakra-ui/react';
import type { TPromotion } from '@shop/api/schemas';
import { formatPrice, toaster } from '@shop/ui';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { ListPage } from '../admin/list-page/list-page';
import type { ListColumn } from '../admin/list-page/list-table';
import { wholeList } from '../admin/list-page/local-list';
import { bannerWindowText } from '../admin-banners/banner-window';
import { CodeGeneratorDialog } from './code-generator-dialog';
import { PromotionFormDialog } from './promotion-form-dialog';
import {
  PROMOTION_STATE_LABELS,
  PROMOTION_STATE_PALETTES,
  promotionCodeText,
  promotionUsesText,
  promotionValueText,
} from './promotion-text';

function StateBadge({ state }: { state: TPromotion['state'] }) {
  return (
    <Badge colorPalette={PROMOTION_STATE_PALETTES[state]} variant="subtle">
      {PROMOTION_STATE_LABELS[state]}
    </Badge>
  );
}

function CodeText({ promotion }: { promotion: TPromotion }) {
  const text = promotionCodeText(promotion);
  return (
    <Text
      as="span"
      fontFamily={!promotion.automatic && promotion.codeCount === 1 ? 'mono' : undefined}
      color={promotion.automatic ? 'fg.muted' : undefined}
      wordBreak="break-all"
    >
      {text}
    </Text>
  );
}

function PromotionActions({
  promotion,
  pausing,
  onEdit,
  onPause,
  onCodes,
  onDelete,
}: {
  promotion: TPromotion;
  pausing: boolean;
  onEdit: () => void;
  onPause: () => void;
  onCodes: () => void;
  onDelete: () => void;
}) {
  // Edit and delete are icons (named for screen readers and on hover), so a desktop row keeps its buttons on one line.
  return (
    <Flex gap="2" wrap="wrap" justify={{ md: 'flex-end' }}>
      <IconButton
        size="xs"
        variant="outline"
        onClick={onEdit}
        aria-label={`${promotion.name} szerkesztése`}
        title="Szerkesztés"
      >
        <LuPencil />
      </IconButton>
      <Button
        size="xs"
        variant="outline"
        loading={pausing}
        onClick={onPause}
        aria-label={`${promotion.paused ? 'Folytatás' : 'Szüneteltetés'}: ${promotion.name}`}
      >
        {promotion.paused ? 'Folytatás' : 'Szüneteltetés'}
      </Button>
      {!promotion.automatic && (
        <Button size="xs" variant="outline" onClick={onCodes} aria-label={`${promotion.name}: kódok`}>
          Kódok
        </Button>
      )}
      <IconButton
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={onDelete}
        aria-label={`${promotion.name} törlése`}
        title="Törlés"
      >
        <LuTrash2 />
      </IconButton>
    </Flex>
  );
}

/** Uses, discounts given and revenue, on a phone in one line under the promotion's name. */
function Figures({ promotion }: { promotion: TPromotion }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {promotionUsesText(promotion)} felhasználás · {formatPrice(promotion.discountTotal)} kedvezmény ·{' '}
      {formatPrice(promotion.revenue)} bevétel
    </Text>
  );
}

/** The names of the gift promotions' products, by id; a promotion names its gift only by id. */
function useGiftTitles(promotions: readonly TPromotion[] | undefined): Map<number, string> {
  const trpc = useTRPC();
  const ids = [
    ...new Set(
      promotions?.flatMap((promotion) => (promotion.giftProductId ? [promotion.giftProductId] : [])),
    ),
  ];
  const products = useQueries({
    queries: ids.map((id) => trpc.product.byId.queryOptions({ id }, { staleTime: 60_000 })),
  });
  return new Map(
    products.flatMap((product) => (product.data ? [[product.data.id, product.data.title] as const] : [])),
  );
}

// The figures of a promotion line up at the top of its row, whatever the height of its name cell.
const FIGURE = { verticalAlign: 'top', py: '3', whiteSpace: 'nowrap' } as const;

/** /admin/promotions: automatic promotions and coupons with how much they were used and brought in. */
export function PromotionsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery(trpc.promotion.list.queryOptions());
  const giftTitles = useGiftTitles(data?.items);
  // The form is mounted while open, so each opening starts from the promotion as it is now.
  const [editing, setEditing] = useState<{ promotion: TPromotion | null } | null>(null);
  const [generating, setGenerating] = useState<TPromotion | null>(null);
  const [deleting, setDeleting] = useState<TPromotion | null>(null);

  const pause = useMutation(
    trpc.promotion.pause.mutationOptions({
      meta: { toastError: false },
      onSuccess: (promotion) => {
        toaster.success({
          title: promotion.paused ? 'Az akció szünetel.' : 'Az akció folytatódik.',
          description: promotion.name,
        });
        void queryClient.invalidateQueries(trpc.promotion.pathFilter());
      },
      onError: (failure) => toastError('A változtatás nem sikerült.', failure),
    }),
  );
  const remove = useMutation(
    trpc.promotion.delete.mutationOptions({
      meta: { toastError: false },
      onSuccess: () => {
        toaster.success({ title: 'Az akció törölve.', description: deleting?.name });
        void queryClient.invalidateQueries(trpc.promotion.pathFilter());
        setDeleting(null);
      },
      onError: (failure) => toastError('A törlés nem sikerült.', failure),
    }),
  );

  const actionsOf = (promotion: TPromotion) => (
    <PromotionActions
      promotion={promotion}
      pausing={pause.isPending && pause.variables?.id === promotion.id}
      onEdit={() => setEditing({ promotion })}
      onPause={() => pause.mutate({ id: promotion.id, paused: !promotion.paused })}
      onCodes={() => setGenerating(promotion)}
      onDelete={() => setDeleting(promotion)}
    />
  );

  const columns: ListColumn<TPromotion>[] = [
    {
      id: 'name',
      header: 'Akció',
      cellProps: {
        pe: { base: '4', md: '3' },
        verticalAlign: 'top',
        whiteSpace: 'normal',
        minW: { md: '44' },
      },
      cell: (promotion, { mayWrite }) => {
        const period = bannerWindowText({ activeFrom: promotion.startsAt, activeTo: promotion.endsAt });
        return (
          <>
            <Flex gap="2" align="baseline" justify="space-between">
              <Text fontWeight="medium">{promotion.name}</Text>
              <Box hideFrom="md" flexShrink="0">
                <StateBadge state={promotion.state} />
              </Box>
            </Flex>
            <Text fontSize="sm">
              {/* A gift's product name may be long: only the short values keep to one line. */}
              <Text as="span" whiteSpace={promotion.kind === 'gift' ? undefined : 'nowrap'}>
                {promotionValueText(
                  promotion,
                  promotion.giftProductId ? giftTitles.get(promotion.giftProductId) : undefined,
                )}
              </Text>
              {promotion.minCartValue !== null && (
                <Text as="span" color="fg.muted">
                  {` · kosár ${formatPrice(promotion.minCartValue)}-tól`}
                </Text>
              )}
            </Text>
            {period && (
              <Text fontSize="xs" color="fg.muted">
                {period}
              </Text>
            )}
            {/* On a phone the code, the figures and the buttons sit under the name. */}
            <Flex hideFrom="md" direction="column" gap="2" mt="1">
              <Text fontSize="sm">
                <CodeText promotion={promotion} />
              </Text>
              <Figures promotion={promotion} />
              {mayWrite && actionsOf(promotion)}
            </Flex>
          </>
        );
      },
    },
    {
      id: 'code',
      header: 'Kód',
      hideBelow: 'md',
      cellProps: { verticalAlign: 'top', py: '3', maxW: '40' },
      cell: (promotion) => <CodeText promotion={promotion} />,
    },
    {
      id: 'state',
      header: 'Állapot',
      hideBelow: 'md',
      cellProps: { verticalAlign: 'top', py: '3' },
      cell: (promotion) => <StateBadge state={promotion.state} />,
    },
    {
      id: 'uses',
      header: 'Felhasználás',
      hideBelow: 'md',
      align: 'end',
      cellProps: FIGURE,
      cell: (promotion) => promotionUsesText(promotion),
    },
    {
      id: 'discount',
      header: 'Kedvezmény',
      hideBelow: 'md',
      align: 'end',
      cellProps: FIGURE,
      cell: (promotion) => formatPrice(promotion.discountTotal),
    },
    {
      id: 'revenue',
      header: 'Bevétel',
      hideBelow: 'md',
      align: 'end',
      cellProps: FIGURE,
      cell: (promotion) => formatPrice(promotion.revenue),
    },
    {
      id: 'actions',
      header: 'Műveletek',
      headerHidden: true,
      hideBelow: 'md',
      writes: true,
      cellProps: { verticalAlign: 'top', py: '3' },
      cell: actionsOf,
    },
  ];

  return (
    <ListPage
      title="Akciók"
      description="Automatikus akciók és kuponkódok: mennyit használták, mennyi kedvezményt adtak, és mennyi bevételt hoztak a velük leadott rendelések."
      create={{ label: 'Új akció', onClick: () => setEditing({ promotion: null }) }}
      writes="promotions:write"
      list={data && wholeList(data.items)}
      isPending={isPending}
      error={error}
      emptyText="Még nincs akció. Az „Új akció” gombbal hozhatsz létre kuponkódot vagy automatikus akciót."
      unit="akció"
      table={{
        label: 'Akciók',
        columns,
        rowKey: (promotion) => promotion.id,
        rowProps: (promotion) => ({ 'aria-label': promotion.name }),
      }}
    >
      {editing && <PromotionFormDialog promotion={editing.promotion} onClose={() => setEditing(null)} />}
      {generating && <CodeGeneratorDialog promotion={generating} onClose={() => setGenerating(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Törlöd az akciót?"
        confirmLabel="Törlés"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting?.name}: a kódjaival együtt törlődik, és többé nem ad kedvezményt. A már leadott rendelések
        megtartják a kedvezményüket. A törlés nem vonható vissza; ha csak egy időre állítanád le, inkább
        szüneteltesd.
      </ConfirmDialog>
    </ListPage>
  );
}
