import {
  Box,
  Button,
  Dialog,
  Field,
  Flex,
  Heading,
  List,
  Portal,
  Stack,
  Text,
  Textarea,
  useBreakpointValue,
} from '@chakra-ui/react';
import {
  type TOrder,
  type TOrderWithdrawOutput,
  WITHDRAWAL_PERIOD_DAYS,
  WITHDRAWAL_STATUS_LABELS,
} from '@shop/api/schemas';
import { hungarianArticle } from '@shop/api/schemas/hungarian';
import { formatDate, formatDateTime } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { CheckboxField } from '../../components/form/fields';
import { QuantityInput } from '../../components/form/quantity-input';
import { useTRPC } from '../../lib/trpc';
import { orderByIdOptions } from './order-queries';

type Step = 'form' | 'confirm' | 'done';

/** "2026. 12. 08-ig": the date's closing dot gives way to the suffix. */
function untilDay(iso: string): string {
  return `${formatDate(iso).replace(/\.$/, '')}-ig`;
}
type Choice = { checked: boolean; quantity: number };

/**
 * The online withdrawal function (45/2014. Korm. rendelet, since 19 June 2026): a clearly labelled
 * button while the period runs, a short form, a second confirming button, then the receipt's date and
 * time. The owner and the holder of the order's private link see it alike.
 */
export function WithdrawalSection({ order, accessKey }: { order: TOrder; accessKey: string | undefined }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { available, deadline, latest } = order.withdrawal;
  if (!available && !latest) return null;

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="shop.surface"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="xs"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" size="md" mb="3" id={headingId} ref={headingRef} tabIndex={-1}>
        Elállás a szerződéstől
      </Heading>
      <Stack gap="3">
        {latest && (
          <Text>
            Elállási nyilatkozatod:{' '}
            <time dateTime={latest.createdAt}>{formatDateTime(latest.createdAt)}</time> –{' '}
            {WITHDRAWAL_STATUS_LABELS[latest.status].toLowerCase()}
            {latest.status === 'completed' && latest.completedAt
              ? ` (visszatérítve: ${formatDate(latest.completedAt)})`
              : ', a visszatérítésről e-mailben értesítünk.'}
          </Text>
        )}
        {available && (
          <>
            <Text color="fg.muted">
              {deadline
                ? `Fogyasztóként a termék átvételétől számított ${WITHDRAWAL_PERIOD_DAYS} napon belül, ${untilDay(deadline)} indoklás nélkül elállhatsz a vásárlástól.`
                : `Fogyasztóként a termék átvételéig, majd az átvételtől számított ${WITHDRAWAL_PERIOD_DAYS} napig indoklás nélkül elállhatsz a vásárlástól.`}
            </Text>
            <Box>
              <Button
                ref={buttonRef}
                variant="outline"
                colorPalette="brand"
                onClick={() => setOpen(true)}
                whiteSpace="normal"
              >
                Elállás a szerződéstől
              </Button>
            </Box>
          </>
        )}
      </Stack>
      {open && (
        <WithdrawalDialog
          order={order}
          accessKey={accessKey}
          onClose={() => setOpen(false)}
          // After a withdrawal the button that opened the dialog is gone: the focus goes to the section's
          // heading, where the receipt is read next, rather than to the page's body.
          returnFocusTo={() => (buttonRef.current?.isConnected ? buttonRef.current : headingRef.current)}
        />
      )}
    </Box>
  );
}

function WithdrawalDialog({
  order,
  accessKey,
  onClose,
  returnFocusTo,
}: {
  order: TOrder;
  accessKey: string | undefined;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('form');
  const [choices, setChoices] = useState<Record<number, Choice>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.id, { checked: true, quantity: line.quantity }])),
  );
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<TOrderWithdrawOutput | null>(null);

  const chosen = order.lines.filter((line) => choices[line.id]?.checked);
  const allChosen = order.lines.every(
    (line) => choices[line.id]?.checked && choices[line.id]?.quantity === line.quantity,
  );
  const withdraw = useMutation(
    trpc.order.withdraw.mutationOptions({
      meta: { errorTitle: 'Az elállást nem sikerült rögzíteni.' },
      onSuccess: (result) => {
        setDone(result);
        setStep('done');
        void queryClient.invalidateQueries(orderByIdOptions(trpc, order.id, accessKey));
        void queryClient.invalidateQueries(trpc.order.myOrders.queryFilter());
      },
    }),
  );
  const submit = () =>
    withdraw.mutate({
      id: order.id,
      ...(accessKey ? { key: accessKey } : {}),
      ...(allChosen
        ? {}
        : { lines: chosen.map((line) => ({ line: line.id, quantity: choices[line.id]!.quantity })) }),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });

  // Full screen on a phone, where a long order's lines scroll between the title and the buttons; a
  // responsive size would keep the full height on wide screens too, so the size is picked here.
  const size = useBreakpointValue({ base: 'full', sm: 'md' } as const) ?? 'md';

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !withdraw.isPending && onClose()}
      finalFocusEl={returnFocusTo}
      placement="center"
      scrollBehavior="inside"
      size={size}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', sm: '4' }}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {step === 'done' ? 'Elállási nyilatkozatodat rögzítettük' : 'Elállás a szerződéstől'}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {step === 'form' && (
                <Stack gap="4">
                  <Text color="fg.muted">
                    Rendelés: <strong>{order.number}</strong>. Név: {order.customer.lastName}{' '}
                    {order.customer.firstName}, e-mail: {order.customer.email}.
                  </Text>
                  <Stack as="fieldset" gap="3">
                    <Text as="legend" fontWeight="medium" mb="2">
                      Mely termékektől állsz el?
                    </Text>
                    {order.lines.map((line) => {
                      const choice = choices[line.id]!;
                      return (
                        <Flex key={line.id} gap="3" align="center" justify="space-between" wrap="wrap">
                          <CheckboxField
                            checked={choice.checked}
                            onCheckedChange={(checked) =>
                              setChoices({ ...choices, [line.id]: { ...choice, checked } })
                            }
                          >
                            {line.title} ({line.quantity} db)
                          </CheckboxField>
                          {line.quantity > 1 && choice.checked && (
                            <QuantityInput
                              size="sm"
                              label={`${line.title}: darabszám`}
                              hideLabel
                              value={choice.quantity}
                              max={line.quantity}
                              onValueChange={(quantity) =>
                                setChoices({ ...choices, [line.id]: { ...choice, quantity } })
                              }
                            />
                          )}
                        </Flex>
                      );
                    })}
                  </Stack>
                  <Field.Root>
                    <Field.Label>Indoklás (nem kötelező)</Field.Label>
                    <Textarea
                      value={reason}
                      maxLength={2000}
                      rows={3}
                      onChange={(event) => setReason(event.target.value)}
                    />
                  </Field.Root>
                </Stack>
              )}
              {step === 'confirm' && (
                <Stack gap="3">
                  <Text>
                    Kijelentem, hogy elállok {hungarianArticle(order.number)} <strong>{order.number}</strong>{' '}
                    számú rendelés alábbi termékeinek adásvételétől:
                  </Text>
                  <List.Root ps="5">
                    {chosen.map((line) => (
                      <List.Item key={line.id}>
                        {line.title} – {choices[line.id]!.quantity} db
                      </List.Item>
                    ))}
                  </List.Root>
                  {reason.trim() && <Text color="fg.muted">Indoklás: {reason.trim()}</Text>}
                  <Text color="fg.muted" fontSize="sm">
                    A megerősítés után azonnal e-mailben visszaigazoljuk a nyilatkozatot a dátummal és az
                    időponttal. A terméke(ke)t a nyilatkozattól számított 14 napon belül kell visszaküldened.
                  </Text>
                </Stack>
              )}
              {step === 'done' && done && (
                <Stack gap="3" role="status">
                  <Text>
                    Elállási nyilatkozatod időpontja:{' '}
                    <strong>
                      <time dateTime={done.withdrawal.createdAt}>
                        {formatDateTime(done.withdrawal.createdAt)}
                      </time>
                    </strong>
                    .
                  </Text>
                  <Text>
                    A visszaigazolást elküldtük e-mailben {hungarianArticle(done.receiptSentTo)}{' '}
                    <strong>{done.receiptSentTo}</strong> címre.
                  </Text>
                  <Text color="fg.muted">
                    A vételárat legkésőbb {untilDay(done.withdrawal.refundDeadline)} visszatérítjük; a
                    visszatérítést a termék visszaérkezéséig visszatarthatjuk.
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch">
              {step === 'form' && (
                <>
                  <Button variant="outline" onClick={onClose}>
                    Mégse
                  </Button>
                  <Button
                    colorPalette="brand"
                    disabled={chosen.length === 0}
                    onClick={() => setStep('confirm')}
                  >
                    Tovább
                  </Button>
                </>
              )}
              {step === 'confirm' && (
                <>
                  <Button variant="outline" disabled={withdraw.isPending} onClick={() => setStep('form')}>
                    Vissza
                  </Button>
                  <Button
                    colorPalette="brand"
                    loading={withdraw.isPending}
                    onClick={submit}
                    whiteSpace="normal"
                  >
                    Elállás megerősítése
                  </Button>
                </>
              )}
              {step === 'done' && (
                <Button colorPalette="brand" onClick={onClose}>
                  Bezárás
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
