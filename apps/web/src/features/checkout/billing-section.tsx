import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import type { TAddress } from '@shop/api/schemas';
import { CheckboxField, TextField } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { AddressFields } from './address-fields';
import { CheckoutSection } from './checkout-section';
import { addressValuesOf, type CheckoutValues } from './checkout-values';

type BillingValues = Pick<
  CheckoutValues,
  'billing' | 'billingSameAsShipping' | 'asCompany' | 'companyName' | 'taxNumber' | 'euVatNumber'
>;

/**
 * The invoice's name and address: the shipping address unless the shopper says otherwise, always
 * its own for personal pickup; a company adds its name, Hungarian tax number and, if it has one, its EU VAT number.
 */
export function BillingSection({
  step,
  values,
  onChange,
  errors,
  needsShippingAddress,
  savedAddresses,
}: {
  step: number;
  values: BillingValues;
  onChange: (values: Partial<BillingValues>) => void;
  errors: FieldErrors;
  needsShippingAddress: boolean;
  savedAddresses?: readonly TAddress[];
}) {
  const ownAddress = !needsShippingAddress || !values.billingSameAsShipping;
  const pickSaved = (address: TAddress) =>
    onChange({
      billing: addressValuesOf(address),
      ...(address.companyName
        ? {
            asCompany: true,
            companyName: address.companyName,
            taxNumber: address.taxNumber ?? '',
            euVatNumber: address.euVatNumber ?? '',
          }
        : {}),
    });

  return (
    <CheckoutSection
      step={step}
      title="Számlázási adatok"
      description={
        needsShippingAddress
          ? undefined
          : 'A választott átvételi módhoz nem kell szállítási cím; a számlához add meg a számlázási címet.'
      }
    >
      <Stack gap="4">
        {needsShippingAddress && (
          <CheckboxField
            name="billingSameAsShipping"
            checked={values.billingSameAsShipping}
            onCheckedChange={(billingSameAsShipping) => onChange({ billingSameAsShipping })}
          >
            A számlázási cím megegyezik a szállítási címmel
          </CheckboxField>
        )}
        {ownAddress && (
          <Box as="fieldset" aria-label="Számlázási cím">
            <AddressFields
              kind="billing"
              path="billingAddress"
              nameLabel="Számlázási név"
              value={values.billing}
              onChange={(billing) => onChange({ billing })}
              errors={errors}
              savedAddresses={savedAddresses}
              onPickSaved={pickSaved}
            />
          </Box>
        )}
        <CheckboxField
          name="asCompany"
          checked={values.asCompany}
          onCheckedChange={(asCompany) => onChange({ asCompany })}
        >
          Cégként vásárolok (áfás számlát kérek a cég nevére)
        </CheckboxField>
        {values.asCompany && (
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
            <TextField
              label="Cégnév"
              name="companyName"
              autoComplete="organization"
              value={values.companyName}
              onValueChange={(companyName) => onChange({ companyName })}
              error={errors['billingAddress.companyName']}
              required
            />
            <TextField
              label="Adószám"
              name="taxNumber"
              placeholder="12345678-1-12"
              inputMode="numeric"
              value={values.taxNumber}
              onValueChange={(taxNumber) => onChange({ taxNumber })}
              error={errors['billingAddress.taxNumber']}
              helper="Magyar adószám, például 12345678-1-12."
              required
            />
            <TextField
              label="Közösségi adószám"
              name="euVatNumber"
              placeholder="HU12345678"
              autoComplete="off"
              value={values.euVatNumber}
              onValueChange={(euVatNumber) => onChange({ euVatNumber })}
              error={errors['billingAddress.euVatNumber']}
              helper="Nem kötelező. Magyar cégnél HU és az adószám első 8 számjegye."
            />
          </Grid>
        )}
        {values.asCompany && !ownAddress && (
          <Text fontSize="sm" color="fg.muted">
            A számlán a cég neve és adószáma mellett a szállítási cím szerepel. Ha a cég székhelye más, vedd
            ki a pipát fent, és add meg a számlázási címet.
          </Text>
        )}
      </Stack>
    </CheckoutSection>
  );
}
