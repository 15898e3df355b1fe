import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Grid,
  Heading,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  adminStatusTargets,
  ORDER_EMAIL_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATE_LABELS,
  type TAdminOrderDetail,
  type TOrderEmailTemplate,
  type TOrderStatus,
  type TPaymentProvider,
  type TPaymentState,
  vatClassShortLabel,
  vatContentLabel,
  ZOrderAddressInput,
  ZOrderNoteInput,
  ZOrderStatusChangeInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, formatPrice, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuArrowLeft, LuMail, LuPencil, LuPrinter } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SwitchField, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { useAdminAccess } from '../admin/use-access';
import { GiftBadge } from '../cart/gift-badge';
import { OrderStatusBadge } from '../orders/order-status-badge';
import { PickupPointLines } from '../orders/pickup-point-lines';
import { AUDIT_LABELS, auditSummary, text } from './audit-summary';
import { OrderInvoicePanel } from './invoice-panel';
import { OrderParcelPanel } from './parcel-panel';
import { canRecordPayment, PaidStatusBadge, RecordPaymentDialog } from './record-payment';
import { OrderRefundsPanel } from './refunds-panel';
import { OrderShipmentsPanel } from './shipments-panel';

type Detail = TAdminOrderDetail;
type Address = { name: string; postcode: string; city: string; street: string; floorDoor: string | null };

function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <AdminPanel as="section" aria-labelledby={id} p={{ base: '4', md: '5' }}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {actions}
      </Flex>
      {children}
    </AdminPanel>
  );
}

const Muted = ({ children }: { children: ReactNode }) => (
  <Text fontSize="sm" color="fg.muted">
    {children}
  </Text>
);

function AddressText({ address }: { address: Address }) {
  return (
    <>
      <Text>{address.name}</Text>
      <Text>
        {address.postcode} {address.city}
      </Text>
      <Text>
        {address.street}
        {address.floorDoor ? ` ${address.floorDoor}` : ''}
      </Text>
    </>
  );
}

function LinesPanel({ order }: { order: Detail['order'] }) {
  const totals: [string, number][] = [
    ['Termékek', order.itemsTotal],
    [`Szállítás (${order.shippingMethod.name})`, order.shippingMethod.fee],
    ...(order.paymentMethod.fee
      ? ([[`Fizetési díj (${order.paymentMethod.name})`, order.paymentMethod.fee]] as [string, number][])
      : []),
    ...(order.rounding ? ([['Kerekítés', order.rounding]] as [string, number][]) : []),
  ];
  return (
    <Panel title="Tételek">
      <Table.ScrollArea>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Termék</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Menny.</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" hideBelow="sm">
                Ár / db
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" hideBelow="sm">
                Áfa
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Összeg</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {order.lines.map((line) => (
              <Table.Row key={line.id}>
                <Table.Cell>
                  {line.product ? (
                    <Link to="/admin/catalog/products/$id" params={{ id: String(line.product) }}>
                      <Text as="span" _hover={{ textDecoration: 'underline' }}>
                        {line.title}
                      </Text>
                    </Link>
                  ) : (
                    line.title
                  )}
                  {line.gift && <GiftBadge ms="2" />}
                  {line.kutiId && (
                    <Text fontSize="xs" color="fg.muted">
                      {line.kutiId}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
                <Table.Cell textAlign="end" hideBelow="sm" whiteSpace="nowrap">
                  {formatPrice(line.unitPrice)}
                </Table.Cell>
                <Table.Cell textAlign="end" hideBelow="sm">
                  {vatClassShortLabel(line.vatClass)}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatPrice(line.lineTotal)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack gap="1" mt="4" ms="auto" maxW="sm" fontSize="sm">
        {totals.map(([label, value]) => (
          <Flex key={label} justify="space-between" gap="4">
            <Text color="fg.muted">{label}</Text>
            <Text whiteSpace="nowrap">{formatPrice(value)}</Text>
          </Flex>
        ))}
        <Flex justify="space-between" gap="4" fontWeight="semibold" fontSize="md" borderTopWidth="1px" pt="1">
          <Text>Végösszeg</Text>
          <Text whiteSpace="nowrap">{formatPrice(order.total)}</Text>
        </Flex>
        {order.vat.map((line) => (
          <Flex key={line.vatClass} justify="space-between" gap="4" color="fg.muted">
            <Text>
              {vatContentLabel(line.vatClass)} ({formatPrice(line.gross)} bruttó)
            </Text>
            <Text whiteSpace="nowrap">{formatPrice(line.vat)}</Text>
          </Flex>
        ))}
        {order.refundedTotal > 0 && (
          <Flex justify="space-between" gap="4" color="red.700">
            <Text>Visszatérítve</Text>
            <Text whiteSpace="nowrap">−{formatPrice(order.refundedTotal)}</Text>
          </Flex>
        )}
      </Stack>
    </Panel>
  );
}

function CustomerPanel({ detail }: { detail: Detail }) {
  const { order } = detail;
  const mayReadCustomers = useAdminAccess().may('customers:read');
  return (
    <Panel title="Vásárló">
      <Stack gap="1" fontSize="sm">
        <Text fontWeight="medium">
          {order.customer.lastName} {order.customer.firstName}
        </Text>
        {/* Left out of the answer for a role without customers:read (the warehouse). */}
        {order.customer.email && <Text>{order.customer.email}</Text>}
        {order.customer.phone && <Text>{order.customer.phone}</Text>}
        {detail.customerId ? (
          mayReadCustomers && (
            <Link to="/admin/customer/$id" params={{ id: String(detail.customerId) }}>
              <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                Vásárlói fiók megnyitása
              </Text>
            </Link>
          )
        ) : (
          <Muted>Vendégként rendelt.</Muted>
        )}
        {order.note && (
          <Box mt="2" p="2" bg="bg.subtle" borderRadius="l2">
            <Text fontSize="xs" color="fg.muted">
              A vásárló megjegyzése
            </Text>
            <Text>{order.note}</Text>
          </Box>
        )}
      </Stack>
    </Panel>
  );
}

const shippingAddressEditable = (order: Detail['order']) =>
  order.shippingAddress !== null &&
  !['shipped', 'ready_for_pickup', 'completed', 'cancelled', 'refunded'].includes(order.status);

function AddressDialog({
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
  const { order } = detail;
  const shippingEditable = shippingAddressEditable(order);
  const [shipping, setShipping] = useState({
    name: order.shippingAddress?.name ?? '',
    postcode: order.shippingAddress?.postcode ?? '',
    city: order.shippingAddress?.city ?? '',
    street: order.shippingAddress?.street ?? '',
    floorDoor: order.shippingAddress?.floorDoor ?? '',
  });
  // Not sent to a role without customers:read: it corrects the shipping address only.
  const billingShown = order.billingAddress !== undefined;
  const [billing, setBilling] = useState({
    name: order.billingAddress?.name ?? '',
    companyName: order.billingAddress?.companyName ?? '',
    taxNumber: order.billingAddress?.taxNumber ?? '',
    euVatNumber: order.billingAddress?.euVatNumber ?? '',
    postcode: order.billingAddress?.postcode ?? '',
    city: order.billingAddress?.city ?? '',
    street: order.billingAddress?.street ?? '',
    floorDoor: order.billingAddress?.floorDoor ?? '',
  });
  const { errors, validate, failWith } = useZodForm(ZOrderAddressInput);
  const save = useMutation(
    trpc.order.correctAddress.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.order.adminById.queryKey({ id: order.id }), updated);
        void queryClient.invalidateQueries(trpc.order.pathFilter());
        toaster.success({ title: 'A címet kijavítottuk.' });
        onOpenChange(false);
      },
      ...failWith('A cím javítása nem sikerült.'),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      id: order.id,
      ...(shippingEditable ? { shippingAddress: shipping } : {}),
      ...(billingShown ? { billingAddress: billing } : {}),
    });
    if (input) save.mutate(input);
  };
  const field = <T extends Record<string, string>>(
    prefix: string,
    values: T,
    set: (next: T) => void,
    key: keyof T & string,
    label: string,
    required = true,
  ) => (
    <TextField
      label={label}
      value={values[key] ?? ''}
      onValueChange={(value) => set({ ...values, [key]: value })}
      error={errors[`${prefix}.${key}`]}
      required={required}
    />
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cím javítása"
      onSubmit={onSubmit}
      submitLabel="Mentés"
      pending={save.isPending}
      size={{ base: 'full', md: 'lg' }}
    >
      <Stack gap="5">
        {shippingEditable ? (
          <Stack gap="3">
            <Heading as="h3" size="sm">
              Szállítási cím
            </Heading>
            {field('shippingAddress', shipping, setShipping, 'name', 'Név')}
            <Grid templateColumns="7rem 1fr" gap="3">
              {field('shippingAddress', shipping, setShipping, 'postcode', 'Irányítószám')}
              {field('shippingAddress', shipping, setShipping, 'city', 'Település')}
            </Grid>
            {field('shippingAddress', shipping, setShipping, 'street', 'Utca, házszám')}
            {field('shippingAddress', shipping, setShipping, 'floorDoor', 'Emelet, ajtó', false)}
          </Stack>
        ) : (
          <Muted>
            {order.shippingAddress
              ? 'A szállítási cím a futárnak átadás után már nem módosítható.'
              : order.pickupPoint
                ? 'Csomagpontra szól: nincs szállítási cím.'
                : 'Személyes átvétel: nincs szállítási cím.'}
          </Muted>
        )}
        {billingShown && (
          <Stack gap="3">
            <Heading as="h3" size="sm">
              Számlázási cím
            </Heading>
            {field('billingAddress', billing, setBilling, 'name', 'Név')}
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
              {field('billingAddress', billing, setBilling, 'companyName', 'Cégnév', false)}
              {field('billingAddress', billing, setBilling, 'taxNumber', 'Adószám', false)}
            </Grid>
            {field('billingAddress', billing, setBilling, 'euVatNumber', 'Közösségi adószám', false)}
            <Grid templateColumns="7rem 1fr" gap="3">
              {field('billingAddress', billing, setBilling, 'postcode', 'Irányítószám')}
              {field('billingAddress', billing, setBilling, 'city', 'Település')}
            </Grid>
            {field('billingAddress', billing, setBilling, 'street', 'Utca, házszám')}
            {field('billingAddress', billing, setBilling, 'floorDoor', 'Emelet, ajtó', false)}
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}

function AddressesPanel({ detail }: { detail: Detail }) {
  const [editing, setEditing] = useState(false);
  const { order } = detail;
  return (
    <Panel
      title="Címek"
      actions={
        // A role that is not sent the billing address has nothing to correct once the parcel left.
        (order.billingAddress || shippingAddressEditable(order)) && (
          <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
            <LuPencil /> Cím javítása
          </Button>
        )
      }
    >
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" fontSize="sm">
        <Box>
          <Text fontSize="xs" color="fg.muted" mb="1">
            {order.pickupPoint ? 'Átvételi pont' : 'Szállítási cím'}
          </Text>
          {order.pickupPoint ? (
            <PickupPointLines point={order.pickupPoint} />
          ) : order.shippingAddress ? (
            <AddressText address={order.shippingAddress} />
          ) : (
            <Text>Személyes átvétel</Text>
          )}
        </Box>
        {order.billingAddress && (
          <Box>
            <Text fontSize="xs" color="fg.muted" mb="1">
              Számlázási cím
            </Text>
            <AddressText address={order.billingAddress} />
            {order.billingAddress.companyName && <Text>{order.billingAddress.companyName}</Text>}
            {order.billingAddress.taxNumber && <Text>Adószám: {order.billingAddress.taxNumber}</Text>}
            {order.billingAddress.euVatNumber && (
              <Text>Közösségi adószám: {order.billingAddress.euVatNumber}</Text>
            )}
          </Box>
        )}
      </Grid>
      {editing && <AddressDialog detail={detail} open={editing} onOpenChange={setEditing} />}
    </Panel>
  );
}

function ShippingPaymentPanel({ detail }: { detail: Detail }) {
  const { order } = detail;
  return (
    <Panel title="Szállítás és fizetés">
      <Stack gap="3" fontSize="sm">
        <Box>
          <Text fontWeight="medium">{order.shippingMethod.name}</Text>
          <Muted>
            {formatPrice(order.shippingMethod.fee)}
            {order.shippingMethod.deliveryTime ? ` · ${order.shippingMethod.deliveryTime}` : ''}
          </Muted>
        </Box>
        <Box>
          <Text fontWeight="medium">{order.paymentMethod.name}</Text>
          <Muted>{PAYMENT_STATE_LABELS[order.paymentState]}</Muted>
        </Box>
      </Stack>
    </Panel>
  );
}

const EVENT_LABELS: Record<string, string> = {
  start: 'Fizetés indítása',
  callback: 'Visszahívás a Bariontól',
  state: 'Állapotlekérdezés',
  refund: 'Visszatérítés',
  expired: 'Lejárt',
  recorded: 'Befizetés rögzítve',
};

/** What the order was paid, the payments one by one, and "Fizetés rögzítése" for cash on delivery and transfer. */
function PaymentsPanel({ detail }: { detail: Detail }) {
  const { order } = detail;
  const [recording, setRecording] = useState(false);
  const offline = order.paymentMethod.provider !== 'barion';
  return (
    <Panel
      title="Fizetések"
      actions={
        offline && (
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => setRecording(true)}
            disabled={!canRecordPayment(order)}
          >
            Fizetés rögzítése
          </Button>
        )
      }
    >
      <Flex gap={{ base: '3', sm: '8' }} wrap="wrap" align="center" mb="4" data-testid="paid-summary">
        <PaidStatusBadge status={order.paidStatus} />
        <Box>
          <Text fontSize="xs" color="fg.muted">
            Fizetve
          </Text>
          <Text fontWeight="medium">
            {formatPrice(order.paidTotal)} / {formatPrice(order.total)}
          </Text>
        </Box>
        {order.paidStatus !== 'paid' && (
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Még fizetendő
            </Text>
            <Text fontWeight="medium">{formatPrice(order.total - order.paidTotal)}</Text>
          </Box>
        )}
        {order.paidAt && (
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Teljes kifizetés
            </Text>
            <Text fontWeight="medium">{formatDateTime(order.paidAt)}</Text>
          </Box>
        )}
      </Flex>
      {detail.payments.length === 0 ? (
        <Muted>
          {offline
            ? `${order.paymentMethod.name}: még nincs rögzített befizetés.${
                order.paymentMethod.provider === 'cash_on_delivery'
                  ? ' A teljesítés (kézbesítés vagy átvétel) rögzíti a beszedett összeget.'
                  : ''
              }`
            : 'Még nem indult bankkártyás fizetés.'}
        </Muted>
      ) : (
        <Stack gap="4">
          {detail.payments.map((payment) => (
            <Box key={payment.id} borderWidth="1px" borderRadius="l2" p="3" fontSize="sm">
              <Flex justify="space-between" gap="2" wrap="wrap">
                <Text fontWeight="medium">
                  {formatPrice(payment.amount)} ·{' '}
                  {PAYMENT_PROVIDER_LABELS[payment.provider as TPaymentProvider] ?? payment.provider} ·{' '}
                  {formatDateTime(payment.completedAt ?? payment.createdAt)}
                </Text>
                <Badge variant="subtle">
                  {PAYMENT_STATE_LABELS[payment.status as TPaymentState] ?? payment.status}
                </Badge>
              </Flex>
              {payment.providerPaymentId && (
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  Barion PaymentId: {payment.providerPaymentId}
                </Text>
              )}
              <Stack as="ol" gap="1" mt="2" ps="3" borderStartWidth="2px" listStyleType="none">
                {payment.events.map((event) => (
                  <Box as="li" key={event.id}>
                    <Text>
                      <Text as="span" color="fg.muted">
                        {formatDateTime(event.at)}
                      </Text>{' '}
                      {EVENT_LABELS[event.kind] ?? event.kind}
                      {event.kind === 'recorded'
                        ? event.detail.reason === 'completed'
                          ? ': beszedve a teljesítéskor'
                          : text(event.detail.note) && `: ${text(event.detail.note)}`
                        : event.providerStatus
                          ? `: ${event.providerStatus}`
                          : ''}
                      {typeof event.detail.repeats === 'number' && ` (még ${event.detail.repeats}×)`}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {recording && <RecordPaymentDialog order={order} onClose={() => setRecording(false)} />}
    </Panel>
  );
}

function HistoryPanel({ detail }: { detail: Detail }) {
  return (
    <Panel title="Állapottörténet">
      <Stack as="ol" gap="3" listStyleType="none">
        {[...detail.history].reverse().map((entry) => (
          <Box as="li" key={`${entry.at}-${entry.status}`} fontSize="sm">
            <Flex gap="2" align="center" wrap="wrap">
              <OrderStatusBadge status={entry.status} size="sm" />
              <Text color="fg.muted">
                {formatDateTime(entry.at)} · {entry.by ? entry.by.name : 'a rendszer'}
              </Text>
            </Flex>
            {entry.trackingNumber && <Text mt="1">Csomagszám: {entry.trackingNumber}</Text>}
            {entry.note && <Text mt="1">{entry.note}</Text>}
          </Box>
        ))}
      </Stack>
    </Panel>
  );
}

function NotesPanel({ detail }: { detail: Detail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const { errors, validate, failWith } = useZodForm(ZOrderNoteInput);
  const add = useMutation(
    trpc.order.addNote.mutationOptions({
      onSuccess: () => {
        setText('');
        void queryClient.invalidateQueries(trpc.order.adminById.queryFilter({ id: detail.order.id }));
      },
      ...failWith('A jegyzet mentése nem sikerült.'),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ id: detail.order.id, text });
    if (input) add.mutate(input);
  };
  return (
    <Panel title="Belső jegyzetek">
      <form onSubmit={onSubmit} noValidate aria-label="Új belső jegyzet">
        <Field.Root invalid={Boolean(errors.text)}>
          <Field.Label srOnly>Új jegyzet</Field.Label>
          <Textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="A vásárló nem látja, csak a bolt munkatársai."
            rows={2}
          />
          <Field.ErrorText>{errors.text}</Field.ErrorText>
        </Field.Root>
        <Flex justify="flex-end" mt="2">
          <Button type="submit" size="sm" variant="subtle" colorPalette="brand" loading={add.isPending}>
            Jegyzet hozzáadása
          </Button>
        </Flex>
      </form>
      <Stack gap="3" mt="3">
        {detail.notes.map((note) => (
          <Box key={note.id} fontSize="sm" borderTopWidth="1px" pt="2">
            <Text whiteSpace="pre-wrap">{note.text}</Text>
            <Text fontSize="xs" color="fg.muted">
              {note.author?.name ?? 'Törölt felhasználó'} · {formatDateTime(note.createdAt)}
            </Text>
          </Box>
        ))}
      </Stack>
    </Panel>
  );
}

function EmailsPanel({ detail }: { detail: Detail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [resending, setResending] = useState<TOrderEmailTemplate | null>(null);
  const resend = useMutation(
    trpc.order.resendEmail.mutationOptions({
      onSuccess: (sent) => {
        toaster.success({ title: 'Az e-mailt újra elküldjük.', description: `${sent.subject} → ${sent.to}` });
        setResending(null);
        void queryClient.invalidateQueries(trpc.order.adminById.queryFilter({ id: detail.order.id }));
      },
      meta: { errorTitle: 'Az e-mail újraküldése nem sikerült.' },
      onError: () => setResending(null),
    }),
  );
  return (
    <Panel title="E-mailek">
      {detail.emails.length === 0 ? (
        <Muted>Ez a rendelés még nem küldött e-mailt.</Muted>
      ) : (
        <Stack gap="2">
          {detail.emails.map((mail) => (
            <Flex
              key={`${mail.template}-${mail.queuedAt}`}
              justify="space-between"
              align="center"
              gap="2"
              fontSize="sm"
            >
              <Box minW="0">
                <Text truncate>{ORDER_EMAIL_LABELS[mail.template]}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatDateTime(mail.queuedAt)}
                </Text>
              </Box>
              <Button size="xs" variant="outline" onClick={() => setResending(mail.template)}>
                <LuMail /> Újraküldés
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={resending !== null}
        onOpenChange={(open) => !open && setResending(null)}
        title="E-mail újraküldése"
        confirmLabel="Újraküldés"
        destructive={false}
        loading={resend.isPending}
        onConfirm={() => resending && resend.mutate({ id: detail.order.id, template: resending })}
      >
        {resending &&
          `${withArticle(`„${ORDER_EMAIL_LABELS[resending]}”`, { capital: true })} e-mail változatlanul újra kimegy ${detail.order.customer.email ? `ide: ${detail.order.customer.email}` : 'a vásárló címére'}.`}
      </ConfirmDialog>
    </Panel>
  );
}

/** A change made with an integrator's API key has no user; the entry names the key instead. */
function auditActorName(entry: Detail['audit'][number]): string {
  if (entry.actor) return entry.actor.name;
  const apiKey = entry.detail.apiKey;
  return typeof apiKey === 'string' ? `API-kulcs: ${apiKey}` : 'Törölt felhasználó';
}

function AuditPanel({ detail }: { detail: Detail }) {
  return (
    <Panel title="Módosítási napló">
      {detail.audit.length === 0 ? (
        <Muted>Az admin még nem módosította a rendelést.</Muted>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none">
          {detail.audit.map((entry) => (
            <Box as="li" key={entry.id} fontSize="sm">
              <Text>
                <Text as="span" fontWeight="medium">
                  {AUDIT_LABELS[entry.action] ?? entry.action}
                </Text>
                {': '}
                {auditSummary(entry)}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {auditActorName(entry)} · {formatDateTime(entry.at)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function StatusDialog({
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
        <Field.Root invalid={Boolean(errors.status)} required>
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
        </Field.Root>
        {status === 'shipped' && (
          <TextField
            label="Csomagszám"
            value={trackingNumber}
            onValueChange={setTrackingNumber}
            error={errors.trackingNumber}
            helper="A vásárló e-mailje tartalmazza."
          />
        )}
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>Megjegyzés</Field.Label>
          <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} />
          <Field.HelperText>A vásárló is látja a rendelése történetében és az e-mailben.</Field.HelperText>
          <Field.ErrorText>{errors.note}</Field.ErrorText>
        </Field.Root>
        <SwitchField checked={notify} onCheckedChange={setNotify}>
          A vásárló értesítése e-mailben
        </SwitchField>
      </Stack>
    </FormDialog>
  );
}

/** /admin/order/{id}: everything about one order, and what the shop does with it. */
export function OrderDetailPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: detail } = useSuspenseQuery(trpc.order.adminById.queryOptions({ id }));
  const [changingStatus, setChangingStatus] = useState(false);
  const { order } = detail;
  // A role without orders:write sees the order but not a change the server would refuse.
  const noStatusReason = useAdminAccess().reasonNot('orders:write');
  const canChangeStatus = adminStatusTargets(order.status).length > 0 && !noStatusReason;

  return (
    <AdminPage
      title={`Rendelés ${order.number}`}
      description={
        <Flex as="span" gap="2" align="center" wrap="wrap">
          <OrderStatusBadge status={order.status} size="sm" />
          <PaidStatusBadge status={order.paidStatus} size="sm" />
          {formatDateTime(order.createdAt)} · {formatPrice(order.total)}
        </Flex>
      }
      actions={
        <>
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin/order">
              <LuArrowLeft /> Rendelések
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm" bg="white">
            <Link to="/admin/order/print" search={{ ids: String(order.id), kind: 'packing' }}>
              <LuPrinter /> Szállítólevél
            </Link>
          </Button>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!canChangeStatus}
            title={noStatusReason ?? undefined}
            onClick={() => setChangingStatus(true)}
          >
            Állapot módosítása
          </Button>
        </>
      }
    >
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="4" alignItems="start">
        <Stack gap="4" minW="0">
          <LinesPanel order={order} />
          <PaymentsPanel detail={detail} />
          {/* Refunds and withdrawals (helper "refunds"): their own panel and dialog. */}
          <OrderRefundsPanel orderId={order.id} />
          <HistoryPanel detail={detail} />
          <AuditPanel detail={detail} />
        </Stack>
        <Stack gap="4" minW="0">
          <CustomerPanel detail={detail} />
          <AddressesPanel detail={detail} />
          <ShippingPaymentPanel detail={detail} />
          <OrderShipmentsPanel order={order} />
          <OrderParcelPanel order={order} />
          <OrderInvoicePanel orderId={order.id} />
          <NotesPanel detail={detail} />
          <EmailsPanel detail={detail} />
        </Stack>
      </Grid>
      {changingStatus && (
        <StatusDialog
          key={order.status}
          detail={detail}
          open={changingStatus}
          onOpenChange={setChangingStatus}
        />
      )}
    </AdminPage>
  );
}
