import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import {
  PAID_STATUS_LABELS,
  type TPaidStatus,
  type TStaffOrder,
  ZOrderRecordPaymentInput,
} from '@shop/api/schemas';
import { formatPrice, fromBudapestInput, toaster, toBudapestInput } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FormDialog } from '../../../components/form-dialog';
import { useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../checkout/idempotency-key';

const PAID_PALETTE: Record<TPaidStatus, string> = { unpaid: 'red', partially_paid: 'orange', paid: 'green' };

export function PaidStatusBadge({ status, size = 'md' }: { status: TPaidStatus; size?: 'sm' | 'md' }) {
  return (
    <Badge colorPalette={PAID_PALETTE[status]} variant="subtle" size={size} flexShrink={0}>
      {PAID_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Cash on delivery and transfer are paid when the shop records the money; card payments come from Barion. */
export function canRecordPayment(order: TStaffOrder): boolean {
  return order.paymentMethod.provider !== 'barion' && order.paidTotal < order.total;
}

/**
 * "Fizetés rögzítése": money received for a cash-on-delivery or transfer order (the bank statement, the
 * courier's settlement). The unpaid rest and the time of opening are filled in; one Idempotency-Key and
 * one time per opening, so a double click records the payment once.
 */
export function RecordPaymentDialog({ order, onClose }: { order: TStaffOrder; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const unpaid = order.total - order.paidTotal;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [amountText, setAmountText] = useState(String(unpaid));
  const [paidAtText, setPaidAtText] = useState(() => toBudapestInput(new Date()));
  const [note, setNote] = useState('');
  const { errors, validate, failWith } = useZodForm(ZOrderRecordPaymentInput);

  const record = useMutation(
    trpc.order.recordPayment.mutationOptions({
      trpc: { context: { idempotencyKey } },
      onSuccess: (updated) => {
        void queryClient.invalidateQueries(trpc.order.pathFilter());
        toaster.success({
          title: `Rögzítve: ${formatPrice(updated.paidTotal - order.paidTotal)}. ${PAID_STATUS_LABELS[updated.paidStatus]}.`,
        });
        onClose();
      },
      ...failWith('A befizetés rögzítése nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      id: order.id,
      amount: Number(amountText),
      paidAt: fromBudapestInput(paidAtText) ?? (paidAtText.trim() === '' ? undefined : paidAtText),
      ...(note.trim() ? { note } : {}),
    };
    if (validate(input)) record.mutate(input);
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && !record.isPending && onClose()}
      title={`Fizetés rögzítése – ${order.number}`}
      onSubmit={onSubmit}
      submitLabel="Rögzítés"
      pending={record.isPending}
    >
      <Stack gap="4">
        <Flex gap={{ base: '4', sm: '8' }} wrap="wrap" bg="bg.subtle" borderRadius="l2" p="3">
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Végösszeg – {order.paymentMethod.name}
            </Text>
            <Text fontWeight="medium">{formatPrice(order.total)}</Text>
          </Box>
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Eddig fizetve
            </Text>
            <Text fontWeight="medium">{formatPrice(order.paidTotal)}</Text>
          </Box>
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Még fizetendő
            </Text>
            <Text fontWeight="bold">{formatPrice(unpaid)}</Text>
          </Box>
        </Flex>
        <TextField
          label="Beérkezett összeg (Ft)"
          inputMode="numeric"
          value={amountText}
          onValueChange={(value) => setAmountText(value.replace(/[^\d]/g, ''))}
          error={errors.amount}
          required
        />
        <TextField
          label="A pénz beérkezésének ideje"
          type="datetime-local"
          value={paidAtText}
          onValueChange={setPaidAtText}
          error={errors.paidAt}
          helper="Budapesti idő, például a bankszámlakivonat vagy a futár elszámolása szerint."
        />
        <TextField
          label="Megjegyzés (belső)"
          value={note}
          onValueChange={setNote}
          error={errors.note}
          maxLength={500}
          placeholder="Például a banki közlemény"
        />
      </Stack>
    </FormDialog>
  );
}
