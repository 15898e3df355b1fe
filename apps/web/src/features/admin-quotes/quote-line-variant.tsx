import { Field, NativeSelect } from '@chakra-ui/react';
import { formatPrice } from '@shop/ui';
import { useQuery } from '@tanstack/react-query';
import { DescribedFieldRoot } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';

/** The variant chosen for a quote line, with what the line shows and prefills for it. */
export type VariantPick = { variant: number; title: string; price: number };

/**
 * The variant of a quote line's product sold in variants: a select of its enabled variants by their
 * titles ("kék, M"), as a cart line must name one. Nothing for a product sold as itself.
 */
export function QuoteLineVariant({
  product,
  variant,
  label,
  error,
  onPick,
}: {
  product: number;
  variant: number | null;
  /** The line's title, for the select's accessible name. */
  label: string;
  error?: string;
  onPick: (pick: VariantPick) => void;
}) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.product.byId.queryOptions({ id: product }));
  const offered = data?.variants.filter((option) => option.enabled || option.id === variant) ?? [];
  if (!data || data.variants.length === 0) return null;
  return (
    <DescribedFieldRoot invalid={Boolean(error)} required>
      <Field.Label>Változat</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-label={`${label}: változat`}
          value={variant === null ? '' : String(variant)}
          onChange={(event) => {
            const picked = data.variants.find((option) => String(option.id) === event.target.value);
            if (picked) {
              onPick({ variant: picked.id, title: `${data.title}, ${picked.title}`, price: picked.price });
            }
          }}
        >
          {variant === null && (
            <option value="" disabled>
              Válassz változatot
            </option>
          )}
          {offered.map((option) => (
            <option key={option.id} value={option.id} disabled={!option.enabled}>
              {option.title}
              {option.kutiId ? ` (${option.kutiId})` : ''} – {formatPrice(option.price)}
              {option.enabled ? '' : ' – nem kapható'}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}
