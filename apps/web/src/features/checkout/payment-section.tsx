import { Text } from '@chakra-ui/react';
import type { TPaymentMethod } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { Price } from '../catalog/price-display';
import { CheckoutSection } from './checkout-section';
import { MethodOption, MethodOptions } from './method-option';

export function PaymentMethodSection({
  step,
  methods,
  value,
  onChange,
  shippingName,
  error,
}: {
  step: number;
  /** Only the methods the chosen shipping method allows. */
  methods: readonly TPaymentMethod[];
  value: number | null;
  onChange: (id: number) => void;
  shippingName: string | undefined;
  error?: string;
}) {
  return (
    <CheckoutSection
      step={step}
      title="Fizetési mód"
      error={error}
      description={
        shippingName
          ? `${withArticle(shippingName, { capital: true })} mellett választható fizetési módok.`
          : undefined
      }
    >
      <MethodOptions label="Fizetési mód" value={value} onValueChange={onChange}>
        {methods.map((method) => (
          <MethodOption
            key={method.id}
            value={method.id}
            title={method.name}
            description={method.description}
            details={
              method.provider === 'cash_on_delivery' ? (
                <Text color="fg.muted">Készpénzes fizetésnél a végösszeget 5 forintra kerekítjük.</Text>
              ) : undefined
            }
            price={
              method.fee > 0 ? (
                <>
                  +<Price forints={method.fee} />
                </>
              ) : (
                <Text color="fg.muted">díjmentes</Text>
              )
            }
          />
        ))}
      </MethodOptions>
      {methods.length === 0 && (
        <Text color="fg.error">Ehhez a szállítási módhoz most nincs választható fizetési mód.</Text>
      )}
    </CheckoutSection>
  );
}
