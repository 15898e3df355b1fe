import {
  Box,
  Button,
  Dialog,
  Field,
  Flex,
  Portal,
  SegmentGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { paidForPieces, type TOrderRefunds, type TWithdrawal, ZOrderRefundInput } from '@shop/api/schemas';
import { formatPrice, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckboxField, DescribedFieldRoot, TextField } from '../../../components/form/fields';
import { QuantityInput } from '../../../components/form/quantity-input';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../checkout/idempotency-key';

type Mode = 'lines' | 'amount';
const MODE_LABELS: Record<Mode, string> = { lines: 'Tételek szerint', amount: 'Összeg szerint' };

function SummaryFigure({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight={strong ? 'bold' : 'medium'}>{formatPrice(value)}</Text>
    </Box>
  );
}

/**
 * Money back to the customer, by lines (with quantities, optionally the shipping fee) or by an amount.
 * Shows what was paid and refunded so far; asks the bank account for transfer and cash on delivery.
 * One Idempotency-Key per opening, so a double click refunds once.
 */
export function RefundDialog({
  refunds,
  withdrawal,
  onClose,
}: {
  refunds: TOrderRefunds;
  /** Completing this withdrawal: its lines are chosen to start with. */
  withdrawal?: TWithdrawal | undefined;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [mode, setMode] = useState<Mode>('lines');
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      refunds.lines.map((line) => {
        const left = line.quantity - line.refundedQuantity;
        const wanted = withdrawal
          ? (withdrawal.lines.find((entry) => entry.line === line.id)?.quantity ?? 0)
          : 0;
        return [line.id, Math.min(left, wanted)];
      }),
    ),
  );
  const [withShipping, setWithShipping] = useState(Boolean(withdrawal) && refunds.refundedTotal === 0);
  const [amountText, setAmountText] = useState('');
  const [bankAccount, setBankAccount] = useState('');
  const [note, setNote] = useState(withdrawal ? 'Elállás miatti visszatérítés' : '');
  const { errors, validate, failWith } = useZodForm(ZOrderRefundInput);

  const chosenLines = refunds.lines
    .filter((line) => (quantities[line.id] ?? 0) > 0)
    .map((line) => ({
      line: line.id,
      quantity: quantities[line.id]!,
      // What was paid for these pieces, the line's discount included, as the server reckons it.
      amount:
        paidForPieces(line.lineTotal, line.quantity, line.refundedQuantity + quantities[line.id]!) -
        paidForPieces(line.lineTotal, line.quantity, line.refundedQuantity),
    }));
  const linesAmount = chosenLines.reduce((sum, line) => sum + line.amount, 0);
  const shippingAmount = withShipping ? refunds.shippingFee : 0;
  const amount = mode === 'lines' ? linesAmount + shippingAmount : Number(amountText) || 0;
  // A role may cap one refund (customer service); the server refuses more, so the dialog says it first.
  const { data: me } = useQuery(trpc.user.details.queryOptions());
  const refundLimit = me?.refundLimit ?? null;
  const overLimit = refundLimit !== null && amount > refundLimit;

  const refund = useMutation(
    trpc.order.refund.mutationOptions({
      trpc: { context: { idempotencyKey } },
      onSuccess: ({ refund: done, order }) => {
        queryClient.setQueryData(trpc.order.refunds.queryKey({ id: order.orderId }), order);
        void queryClient.invalidateQueries(trpc.order.pathFilter());
        toaster.success({ title: `Visszatérítve: ${formatPrice(done.amount)}.` });
        onClose();
      },
      ...failWith('A visszatérítés nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      id: refunds.orderId,
      ...(mode === 'lines'
        ? {
            ...(chosenLines.length > 0
              ? { lines: chosenLines.map(({ line, quantity }) => ({ line, quantity })) }
              : {}),
            ...(withShipping || chosenLines.length === 0 ? { amount } : {}),
          }
        : { amount: amountText.trim() === '' ? undefined : Number(amountText) }),
      ...(refunds.needsBankAccount ? { bankAccount } : {}),
      ...(note.trim() ? { note } : {}),
      ...(withdrawal ? { withdrawal: withdrawal.id } : {}),
    };
    if (validate(input)) refund.mutate(input);
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !refund.isPending && onClose()}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content asChild>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>
                  {withdrawal ? 'Elállás lezárása visszatérítéssel' : 'Visszatérítés'} – {refunds.number}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  <Flex gap={{ base: '4', sm: '8' }} wrap="wrap" bg="bg.subtle" borderRadius="l2" p="3">
                    <SummaryFigure label={`Fizetve – ${refunds.paymentMethod}`} value={refunds.paid} />
                    <SummaryFigure label="Eddig visszatérítve" value={refunds.refundedTotal} />
                    {refunds.pendingTotal > 0 && (
                      <SummaryFigure label="Folyamatban" value={refunds.pendingTotal} />
                    )}
                    <SummaryFigure label="Még visszatéríthető" value={refunds.refundable} strong />
                  </Flex>

                  <SegmentGroup.Root
                    value={mode}
                    onValueChange={(details) => details.value && setMode(details.value as Mode)}
                    size="sm"
                    aria-label="A visszatérítés módja"
                  >
                    <SegmentGroup.Indicator />
                    <SegmentGroup.Items
                      items={(['lines', 'amount'] as const).map((value) => ({
                        value,
                        label: MODE_LABELS[value],
                      }))}
                    />
                  </SegmentGroup.Root>

                  {mode === 'lines' ? (
                    <Stack gap="3">
                      <Stack
                        as="ul"
                        gap="0"
                        listStyleType="none"
                        borderWidth="1px"
                        borderRadius="l2"
                        aria-label="Tételek"
                      >
                        {refunds.lines.map((line, index) => {
                          const left = line.quantity - line.refundedQuantity;
                          return (
                            <Flex
                              as="li"
                              key={line.id}
                              gap="3"
                              px="3"
                              py="2"
                              align="center"
                              justify="space-between"
                              wrap="wrap"
                              borderTopWidth={index === 0 ? '0' : '1px'}
                            >
                              <Box minW="0" flex="1 1 12rem">
                                <Text fontWeight="medium">{line.title}</Text>
                                <Text fontSize="xs" color="fg.muted">
                                  {formatPrice(line.unitPrice)} / db · rendelve {line.quantity} db
                                  {line.refundedQuantity > 0 && `, visszatérítve ${line.refundedQuantity} db`}
                                </Text>
                              </Box>
                              {left > 0 ? (
                                <QuantityInput
                                  size="sm"
                                  hideLabel
                                  label={`${line.title}: visszatérítendő darabszám`}
                                  min={0}
                                  max={left}
                                  value={quantities[line.id] ?? 0}
                                  onValueChange={(quantity) =>
                                    setQuantities({ ...quantities, [line.id]: quantity })
                                  }
                                />
                              ) : (
                                <Text fontSize="sm" color="fg.muted">
                                  Visszatérítve
                                </Text>
                              )}
                            </Flex>
                          );
                        })}
                      </Stack>
                      {refunds.shippingFee > 0 && (
                        <CheckboxField checked={withShipping} onCheckedChange={setWithShipping}>
                          A szállítási díjat is visszatérítem ({formatPrice(refunds.shippingFee)})
                        </CheckboxField>
                      )}
                      <Text fontWeight="medium">Visszatérítendő összeg: {formatPrice(amount)}</Text>
                      {errors.amount && (
                        <Text color="fg.error" fontSize="sm">
                          {errors.amount}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Flex gap="3" align="flex-end" wrap="wrap">
                      <Box flex="1" minW="12rem">
                        <TextField
                          label="Visszatérítendő összeg (Ft)"
                          inputMode="numeric"
                          value={amountText}
                          onValueChange={(value) => setAmountText(value.replace(/[^\d]/g, ''))}
                          error={errors.amount}
                          required
                        />
                      </Box>
                      <Button
                        variant="outline"
                        onClick={() => setAmountText(String(refunds.refundable))}
                        disabled={refunds.refundable === 0}
                      >
                        Teljes összeg ({formatPrice(refunds.refundable)})
                      </Button>
                    </Flex>
                  )}

                  {refunds.needsBankAccount ? (
                    <TextField
                      label="A vásárló bankszámlaszáma"
                      value={bankAccount}
                      onValueChange={setBankAccount}
                      error={errors.bankAccount}
                      helper="Átutalásos és utánvétes rendelésnél erre a számlára utaljuk vissza a pénzt (8-8 vagy 8-8-8 számjegy)."
                      placeholder="11773016-11111018"
                      autoComplete="off"
                      required
                    />
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      A pénzt a Barion a vásárló bankkártyájára téríti vissza.
                    </Text>
                  )}
                  {refundLimit !== null && (
                    <Text fontSize="sm" color={overLimit ? 'fg.error' : 'fg.muted'}>
                      A szerepköröd egyszerre legfeljebb {formatPrice(refundLimit)} visszatérítését engedi;
                      nagyobb összeget a bolt tulajdonosa téríthet vissza.
                    </Text>
                  )}
                  <DescribedFieldRoot invalid={Boolean(errors.note)}>
                    <Field.Label>Megjegyzés (belső)</Field.Label>
                    <Textarea
                      value={note}
                      rows={2}
                      maxLength={1000}
                      onChange={(event) => setNote(event.target.value)}
                    />
                    <Field.ErrorText>{errors.note}</Field.ErrorText>
                  </DescribedFieldRoot>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch">
                <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
                  Mégse
                </Button>
                <Button
                  type="submit"
                  colorPalette="red"
                  loading={refund.isPending}
                  disabled={amount <= 0 || overLimit}
                >
                  Visszatérítés: {formatPrice(amount)}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
