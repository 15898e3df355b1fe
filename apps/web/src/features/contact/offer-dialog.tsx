import { Box, Flex, Grid, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { ZOfferInput } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { toaster } from '@shop/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { CompanyFields } from '../../components/form/company-fields';
import { TextField } from '../../components/form/fields';
import { QuantityInput } from '../../components/form/quantity-input';
import { useFormValues } from '../../components/form/use-form-values';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';
import { BotTrap } from './bot-trap';
import { PrivacyConsent } from './consent-checkbox';
import { TextAreaField } from './text-area-field';
import { FormTokenError, useFormToken, withFreshToken } from './use-form-token';

/**
 * A product the request asks a price for, with the title the shopper saw ("Póló, kék, M"); a product
 * sold in variants is asked about per variant, as the cart holds it.
 */
export type OfferLine = { product: number; variant?: number | null; title: string; quantity: number };

/** One key per line: product and variant. */
const keyOf = (line: OfferLine) => `${line.product}:${line.variant ?? ''}`;

const MAX_QUANTITY = 100_000;

type Values = {
  companyName: string;
  taxNumber: string;
  name: string;
  email: string;
  phone: string;
  postcode: string;
  city: string;
  address: string;
  note: string;
  consent: boolean;
  website: string;
};

const EMPTY: Values = {
  companyName: '',
  taxNumber: '',
  name: '',
  email: '',
  phone: '',
  postcode: '',
  city: '',
  address: '',
  note: '',
  consent: false,
  website: '',
};

function LinesEditor({
  lines,
  onChange,
  error,
  lineError,
}: {
  lines: OfferLine[];
  onChange: (lines: OfferLine[]) => void;
  error?: string;
  /** The server's word on one line (a product or variant no longer sold), by its position. */
  lineError: (index: number) => string | undefined;
}) {
  return (
    <Box as="section" aria-labelledby="ajanlat-termekek">
      <Heading as="h3" id="ajanlat-termekek" size="sm" mb="2">
        Termékek és mennyiségek
      </Heading>
      <Stack as="ul" listStyleType="none" gap="2">
        {lines.map((line, index) => (
          <Flex as="li" key={keyOf(line)} align="center" gap="3" borderWidth="1px" borderRadius="l2" p="2">
            <Box flex="1" minW="0">
              <Text fontSize="sm" fontWeight="medium" lineClamp={2}>
                {line.title}
              </Text>
              {lineError(index) && (
                <Text color="fg.error" fontSize="sm">
                  {lineError(index)}
                </Text>
              )}
            </Box>
            <QuantityInput
              label={`Mennyiség: ${line.title}`}
              hideLabel
              size="sm"
              max={MAX_QUANTITY}
              value={line.quantity}
              onValueChange={(quantity) =>
                onChange(
                  lines.map((other) => (keyOf(other) === keyOf(line) ? { ...other, quantity } : other)),
                )
              }
            />
            <IconButton
              variant="ghost"
              size="sm"
              aria-label={`${line.title} törlése az ajánlatkérésből`}
              disabled={lines.length === 1}
              onClick={() => onChange(lines.filter((other) => keyOf(other) !== keyOf(line)))}
            >
              <LuTrash2 />
            </IconButton>
          </Flex>
        ))}
      </Stack>
      {error && (
        <Text color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** The signed-in customer's details, so they need not type them again; null while they load. */
function useCustomerPrefill(): Partial<Values> | null {
  const trpc = useTRPC();
  const token = useToken();
  const { data: user, isPending } = useQuery({
    ...trpc.user.details.queryOptions(),
    enabled: Boolean(token),
  });
  if (!token) return {};
  if (isPending) return null;
  if (!user) return {};
  return {
    name: `${user.lastName} ${user.firstName}`,
    email: user.email,
    phone: user.phone ?? '',
    companyName: user.companyName ?? '',
    taxNumber: user.taxNumber ?? '',
  };
}

/**
 * "Árajánlatot kérek": company and contact details, the products with quantities, a note. Loaded only
 * when a shopper opens it (React.lazy in offer-button.tsx), so the shop's first load stays small.
 */
export default function OfferDialog({
  open,
  onOpenChange,
  initialLines,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialLines: OfferLine[];
}) {
  const prefill = useCustomerPrefill();
  if (!prefill) return null;
  return <OfferForm open={open} onOpenChange={onOpenChange} initialLines={initialLines} prefill={prefill} />;
}

function OfferForm({
  open,
  onOpenChange,
  initialLines,
  prefill,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialLines: OfferLine[];
  prefill: Partial<Values>;
}) {
  const trpc = useTRPC();
  const { readyToken, renew } = useFormToken();
  const { values, set, bind } = useFormValues<Values>({ ...EMPTY, ...prefill });
  const [lines, setLines] = useState(initialLines);
  const [waiting, setWaiting] = useState(false);
  const input = () => ({
    ...values,
    lines: lines.map(({ product, variant, quantity }) => ({
      product,
      variant: variant ?? undefined,
      quantity,
    })),
  });
  // The token is fetched (and waited for) only on send; a placeholder stands for it in the check.
  const { errors, validate, failWith } = useZodForm(ZOfferInput, {
    input: { ...input(), formToken: 'ellenorzes' },
  });
  const field = bind(errors);

  const send = useMutation(
    trpc.contact.offer.mutationOptions({
      onSuccess: (_answer, input) => {
        toaster.success({
          title: 'Megkaptuk az árajánlatkérésedet.',
          description: `Visszaigazolást küldtünk ${withArticle(input.email)} címre; az ajánlatot e-mailben küldjük.`,
        });
        onOpenChange(false);
      },
      ...withFreshToken(failWith('Az árajánlatkérést nem sikerült elküldeni.'), renew),
    }),
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setWaiting(true);
    try {
      send.mutate({ ...input(), formToken: await readyToken() });
    } finally {
      setWaiting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Árajánlatot kérek"
      onSubmit={(event) => void onSubmit(event)}
      submitLabel="Ajánlatkérés küldése"
      pending={waiting || send.isPending}
      size={{ base: 'full', sm: 'lg' }}
    >
      <Stack gap="5" position="relative">
        <Text fontSize="sm" color="fg.muted">
          Nagyobb mennyiségre vagy cégként egyedi árat adunk. Add meg, miből mennyit kérnél, és e-mailben
          küldjük az ajánlatot.
        </Text>
        <LinesEditor
          lines={lines}
          onChange={setLines}
          error={errors.lines}
          lineError={(index) => errors[`lines.${index}.variant`] ?? errors[`lines.${index}.product`]}
        />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField label="Név" {...field('name')} autoComplete="name" required />
          <TextField label="E-mail-cím" type="email" {...field('email')} autoComplete="email" required />
          <TextField label="Telefonszám" type="tel" {...field('phone')} autoComplete="tel" />
          <CompanyFields companyName={field('companyName')} taxNumber={field('taxNumber')} ownData />
          <Grid templateColumns="7rem 1fr" gap="3">
            <TextField
              label="Irányítószám"
              {...field('postcode')}
              autoComplete="postal-code"
              inputMode="numeric"
            />
            <TextField label="Település" {...field('city')} autoComplete="address-level2" />
          </Grid>
        </Grid>
        <TextField label="Cím (utca, házszám)" {...field('address')} autoComplete="street-address" />
        <TextAreaField
          label="Megjegyzés"
          {...field('note')}
          helper="Például szállítási határidő, egyedi csomagolás vagy számlázási kérés."
        />
        <BotTrap value={values.website} onChange={set('website')} />
        <PrivacyConsent checked={values.consent} onCheckedChange={set('consent')} error={errors.consent} />
        <FormTokenError message={errors.formToken} />
      </Stack>
    </FormDialog>
  );
}
