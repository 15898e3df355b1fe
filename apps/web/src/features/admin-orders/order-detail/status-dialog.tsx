import { Field, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  adminStatusTargets,
  ORDER_STATUS_LABELS,
  type TOrderStatus,
  ZOrderStatusChangeInput,
} from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DescribedFieldRoot, SwitchField, TextField } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FormDialog } from '../../../components/form-dialog';
import { useTRPC } from '../../../lib/trpc';
import type { Detail } from './panel';

export function StatusDialog({
  detail,
  open,
  onOpenChange,
}: {
  detail: Detail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const targets = adminStatusTargets(detail.order.status);
  const [status, setStatus] = useState<TOrderStatus | ''>(targets[0] ?? '');
  const [note, setNote] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [notify, setNotify] = useState(true);
  const { errors, validate, failWith } = useZodForm(ZOrderStatusChangeInput);
  const change = useMutation(
    trpc.order.setStatus.mutationOptions({
      onSuccess: () => {
        toaster.success({
          title: status ? `Az állapot: ${ORDER_STATUS_LABELS[status]}.` : 'Az állapot módosult.',
        });
        onOpenChange(false);
        void queryClient.invalidateQueries(trpc.order.pathFilter());
      },
      ...failWith('Az állapot módosítása nem sikerült.'),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      id: detail.order.id,
      status,
      note,
      trackingNumber: status === 'shipped' ? trackingNumber : undefined,
      notify,
    });
    if (input) change.mutate(input);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Állapot módosítása"
      onSubmit={onSubmit}
      submitLabel="Állapot mentése"
      pending={change.isPending}
      size={{ base: 'full', sm: 'md' }}
      submitPalette={status === 'cancelled' ? 'red' : 'brand'}
      submitDisabled={!status}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Jelenleg: {ORDER_STATUS_LABELS[detail.order.status]}
        </Text>
        <DescribedFieldRoot invalid={Boolean(errors.status)} required>
          <Field.Label>
            Új állapot
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={status}
              onChange={(event) => setStatus(event.target.value as TOrderStatus)}
            >
              {targets.map((target) => (
                <option key={target} value={target}>
                  {ORDER_STATUS_LABELS[target]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.status}</Field.ErrorText>
        </DescribedFieldRoot>
        {status === 'shipped' && (
          <TextField
            label="Csomagszám"
            value={trackingNumber}
            onValueChange={setTrackingNumber}
            error={errors.trackingNumber}
            helper="A vásárló e-mailje tartalmazza."
          />
        )}
        <DescribedFieldRoot invalid={Boolean(errors.note)}>
          <Field.Label>Megjegyzés</Field.Label>
          <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} />
          {!errors.note && (
            <Field.HelperText>A vásárló is látja a rendelése történetében és az e-mailben.</Field.HelperText>
          )}
          <Field.ErrorText>{errors.note}</Field.ErrorText>
        </DescribedFieldRoot>
        <SwitchField checked={notify} onCheckedChange={setNotify}>
          A vásárló értesítése e-mailben
        </SwitchField>
      </Stack>
    </FormDialog>
  );
}
