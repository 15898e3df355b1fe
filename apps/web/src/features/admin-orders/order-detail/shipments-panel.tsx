import { Box, Button, Flex, Heading, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import {
  NO_SHIPMENT_CHANGES,
  type TOrderShipment,
  type TStaffOrder,
  ZOrderShipmentAddInput,
  ZOrderShipmentUpdateInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { LuExternalLink, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SwitchField, TextField } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FormDialog } from '../../../components/form-dialog';
import { useTRPC } from '../../../lib/trpc';
import { AdminPanel } from '../../admin/admin-page';
import { useAdminAccess } from '../../admin/use-access';

/** Whether the customer already had the shipped e-mail, so a change e-mails them (rule 5). */
const customerTold = (order: TStaffOrder) => order.history.some((entry) => entry.status === 'shipped');

function ShipmentDialog({
  order,
  shipment,
  onOpenChange,
}: {
  order: TStaffOrder;
  /** Null: a new number. */
  shipment: TOrderShipment | null;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    trackingNumber: shipment?.trackingNumber ?? '',
    carrier: shipment?.carrier ?? '',
    trackingUrl: shipment?.trackingUrl ?? '',
  });
  const [notify, setNotify] = useState(true);
  const addForm = useZodForm(ZOrderShipmentAddInput);
  const correctForm = useZodForm(ZOrderShipmentUpdateInput);
  const errors = shipment ? correctForm.errors : addForm.errors;
  const done = (title: string) => {
    void queryClient.invalidateQueries(trpc.order.pathFilter());
    toaster.success({ title });
    onOpenChange(false);
  };
  const add = useMutation(
    trpc.order.addShipment.mutationOptions({
      onSuccess: () => done('A csomagszámot felvettük.'),
      ...addForm.failWith('A csomagszám felvétele nem sikerült.'),
    }),
  );
  const correct = useMutation(
    trpc.order.correctShipment.mutationOptions({
      onSuccess: () => done('A csomagszámot kijavítottuk.'),
      ...correctForm.failWith('A csomagszám javítása nem sikerült.'),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { id: order.id, ...values, notify: customerTold(order) ? notify : undefined };
    if (shipment) {
      const input = correctForm.validate({ ...fields, shipment: shipment.id });
      if (input) correct.mutate(input);
    } else {
      const input = addForm.validate(fields);
      if (input) add.mutate(input);
    }
  };
  const field = (key: keyof typeof values, label: string, required = false, helper?: string) => (
    <TextField
      label={label}
      value={values[key]}
      onValueChange={(value) => setValues({ ...values, [key]: value })}
      error={errors[key]}
      required={required}
      helper={helper}
    />
  );
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={shipment ? 'Csomagszám javítása' : 'Csomagszám felvétele'}
      onSubmit={onSubmit}
      submitLabel="Mentés"
      pending={add.isPending || correct.isPending}
    >
      <Stack gap="4">
        {field('trackingNumber', 'Csomagszám', true)}
        {field('carrier', 'Szállító', false, 'Például GLS, MPL, Foxpost.')}
        {field('trackingUrl', 'Követési link', false, 'A szállító csomagkövető oldala ehhez a számhoz.')}
        {customerTold(order) && (
          <SwitchField checked={notify} onCheckedChange={setNotify}>
            A vásárló értesítése e-mailben a csomagszámokról
          </SwitchField>
        )}
      </Stack>
    </FormDialog>
  );
}

/**
 * "Csomagszámok" on the admin's order page: an order may travel in several parcels, each number with
 * its carrier and tracking link; numbers are added, corrected and removed here.
 */
export function OrderShipmentsPanel({ order }: { order: TStaffOrder }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [editing, setEditing] = useState<TOrderShipment | 'new' | null>(null);
  const [removing, setRemoving] = useState<TOrderShipment | null>(null);
  const remove = useMutation(
    trpc.order.removeShipment.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.order.pathFilter());
        toaster.success({ title: 'A csomagszámot töröltük.' });
        setRemoving(null);
      },
    }),
  );
  // Without shipping:write (an accountant) the numbers are shown, not offered for change.
  const mayShip = useAdminAccess().may('shipping:write');
  const changeable = !NO_SHIPMENT_CHANGES.includes(order.status) && mayShip;
  if (!changeable && order.shipments.length === 0) return null;

  return (
    <AdminPanel as="section" aria-labelledby={headingId} p={{ base: '4', md: '5' }}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="md" id={headingId}>
          Csomagszámok
        </Heading>
        {changeable && (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            <LuPlus /> Csomagszám felvétele
          </Button>
        )}
      </Flex>
      {order.shipments.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Még nincs csomagszám. Az „Átadva a futárnak” állapotváltásnál megadott szám is ide kerül.
        </Text>
      ) : (
        <Stack as="ul" gap="2" fontSize="sm" listStyleType="none">
          {order.shipments.map((shipment) => (
            <Flex
              as="li"
              key={shipment.id}
              gap="2"
              align="center"
              justify="space-between"
              borderWidth="1px"
              borderRadius="md"
              px="3"
              py="2"
            >
              <Box minW="0">
                <Text fontWeight="medium" wordBreak="break-all">
                  {shipment.trackingNumber}
                  {shipment.carrier && (
                    <Text as="span" fontWeight="normal" color="fg.muted">
                      {' '}
                      · {shipment.carrier}
                    </Text>
                  )}
                </Text>
                {shipment.trackingUrl && (
                  <Link
                    href={shipment.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    color="brand.fg"
                  >
                    Csomagkövetés <LuExternalLink aria-hidden />
                  </Link>
                )}
              </Box>
              {changeable && (
                <Flex gap="1" flexShrink={0}>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={`${shipment.trackingNumber} javítása`}
                    onClick={() => setEditing(shipment)}
                  >
                    <LuPencil />
                  </IconButton>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={`${shipment.trackingNumber} törlése`}
                    onClick={() => setRemoving(shipment)}
                  >
                    <LuTrash2 />
                  </IconButton>
                </Flex>
              )}
            </Flex>
          ))}
        </Stack>
      )}
      {editing && (
        <ShipmentDialog
          key={editing === 'new' ? 'new' : editing.id}
          order={order}
          shipment={editing === 'new' ? null : editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Csomagszám törlése"
        confirmLabel="Törlés"
        destructive
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: order.id, shipment: removing.id })}
      >
        {removing &&
          `${withArticle(removing.trackingNumber, { capital: true })} csomagszám lekerül a rendelésről. A vásárló erről nem kap e-mailt.`}
      </ConfirmDialog>
    </AdminPanel>
  );
}
