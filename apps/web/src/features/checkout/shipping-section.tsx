import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import type { TAddress, TShippingMethod } from '@shop/api/schemas';
import { shippingFeeFor } from '@shop/api/schemas';
import { LuMapPin } from 'react-icons/lu';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { Price } from '../catalog/price-display';
import { PriceText } from '../catalog/price-text';
import { AddressFields } from './address-fields';
import { CheckoutSection } from './checkout-section';
import type { AddressValues } from './checkout-values';
import { MethodOption, MethodOptions } from './method-option';

function ShippingPrice({ method, itemsTotal }: { method: TShippingMethod; itemsTotal: number }) {
  const fee = shippingFeeFor(method, itemsTotal);
  if (fee > 0) return <Price forints={fee} />;
  return (
    <Badge colorPalette="green" variant="subtle" size="lg">
      ingyenes
    </Badge>
  );
}

function ShippingDetails({
  method,
  itemsTotal,
  pointToPick,
}: {
  method: TShippingMethod;
  itemsTotal: number;
  /** The method is chosen and asks for a pickup point that is not chosen yet. */
  pointToPick: boolean;
}) {
  const remaining = method.freeAbove === null ? null : method.freeAbove - itemsTotal;
  return (
    <>
      {method.deliveryTime && (
        <Text>
          Szállítási idő: <strong>{method.deliveryTime}</strong>
        </Text>
      )}
      {remaining !== null && method.fee > 0 && (
        <Text color={remaining <= 0 ? 'green.700' : 'fg.muted'}>
          <PriceText>
            {(price) =>
              remaining <= 0
                ? `${price(method.freeAbove ?? 0)} felett ingyenes – a kosarad eléri.`
                : `${price(method.freeAbove ?? 0)} felett ingyenes (még ${price(remaining)}).`
            }
          </PriceText>
        </Text>
      )}
      {pointToPick && (
        // On a phone the point's block is a screen below the methods: say here that it comes next.
        <Flex align="flex-start" gap="1.5" color="brand.fg" fontWeight="semibold" mt="1">
          <Box as="span" mt="0.5" flexShrink={0} aria-hidden="true">
            <LuMapPin />
          </Box>
          <Text>Következő lépés: válaszd ki a csomagpontot vagy automatát.</Text>
        </Flex>
      )}
    </>
  );
}

export function ShippingMethodSection({
  step,
  methods,
  value,
  onChange,
  itemsTotal,
  pickupPointChosen,
  error,
}: {
  step: number;
  methods: readonly TShippingMethod[];
  value: number | null;
  onChange: (method: TShippingMethod) => void;
  itemsTotal: number;
  /** Whether the chosen method's pickup point is chosen too (see `ShippingDetails`). */
  pickupPointChosen: boolean;
  error?: string;
}) {
  return (
    <CheckoutSection step={step} title="Szállítási mód" error={error}>
      <MethodOptions
        label="Szállítási mód"
        value={value}
        onValueChange={(id) => {
          const method = methods.find((candidate) => candidate.id === id);
          if (method) onChange(method);
        }}
      >
        {methods.map((method) => (
          <MethodOption
            key={method.id}
            value={method.id}
            title={method.name}
            description={method.description}
            details={
              <ShippingDetails
                method={method}
                itemsTotal={itemsTotal}
                pointToPick={method.id === value && method.pickupCarrier !== null && !pickupPointChosen}
              />
            }
            price={<ShippingPrice method={method} itemsTotal={itemsTotal} />}
          />
        ))}
      </MethodOptions>
    </CheckoutSection>
  );
}

export function ShippingAddressSection({
  step,
  value,
  onChange,
  errors,
  savedAddresses,
}: {
  step: number;
  value: AddressValues;
  onChange: (value: AddressValues) => void;
  errors: FieldErrors;
  savedAddresses?: readonly TAddress[];
}) {
  return (
    <CheckoutSection step={step} title="Szállítási cím" error={errors.shippingAddress}>
      <AddressFields
        kind="shipping"
        path="shippingAddress"
        nameLabel="Címzett neve"
        value={value}
        onChange={onChange}
        errors={errors}
        savedAddresses={savedAddresses}
      />
    </CheckoutSection>
  );
}
