import { Button, Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DescribedFieldRoot } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { ProductSection } from './product-section';

/** One stock the warehouse may set: the product's own, or each variant's. */
type StockLine = { key: string; label: string; kutiId: string | null; stored: number };

function stockLines(product: TProduct): StockLine[] {
  if (product.variants.length === 0) {
    return [{ key: 'product', label: 'Készlet', kutiId: product.kutiId, stored: product.stock }];
  }
  return product.variants.map((variant) => ({
    key: `variant-${variant.id}`,
    label: variant.title,
    kutiId: variant.kutiId,
    stored: variant.stock,
  }));
}

/**
 * The stock alone, for a person whose role may change stock but not the catalogue (the warehouse): the
 * product form around it stays locked. It saves through the integrators' stock operation, by code and with
 * the stock this screen showed as expected, so an order placed meanwhile is never overwritten (the server
 * then refuses the whole save and the page shows the stock as it is now).
 */
export function ProductStockOnlySection({ product }: { product: TProduct }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lines = stockLines(product);
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.map((line) => [line.key, String(line.stored)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.product.byId.queryKey({ id: product.id }) });
  const save = useMutation(
    trpc.product.stock.mutationOptions({
      onSuccess: async () => {
        toaster.success({ title: 'A készlet mentve.' });
        await refresh();
      },
      onError: async (error) => {
        toastError('A készlet mentése nem sikerült.', error);
        // A stock that changed meanwhile (412) or went below zero: show what is stored now.
        await refresh();
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const items: { kutiId: string; stock: number; expectedStock: number }[] = [];
    for (const line of lines) {
      if (!line.kutiId) continue;
      const stock = parseNumberInput(typed[line.key] ?? '');
      if (stock === undefined || !Number.isInteger(stock) || stock < 0 || stock > 1_000_000_000) {
        problems[line.key] = 'A készlet 0 vagy pozitív egész szám.';
        continue;
      }
      if (stock !== line.stored) items.push({ kutiId: line.kutiId, stock, expectedStock: line.stored });
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      toaster.error({ title: 'Javítsd a megjelölt mezőket.' });
      return;
    }
    if (items.length === 0) {
      toaster.create({ title: 'Nincs mit menteni: a készlet nem változott.' });
      return;
    }
    save.mutate({ items });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <ProductSection
        title="Készlet módosítása"
        description="A szerepköröd a készletet módosíthatja; a termék többi adata csak megtekinthető."
      >
        <Stack gap="3" maxW="xl">
          {lines.map((line) => (
            <DescribedFieldRoot key={line.key} invalid={Boolean(errors[line.key])} disabled={!line.kutiId}>
              <Grid w="full" templateColumns="minmax(0, 1fr) 8rem" gap="3" alignItems="center">
                <Field.Label mb="0">
                  {line.label}
                  <Text as="span" color="fg.muted" fontWeight="normal" ms="2">
                    {line.kutiId ?? 'nincs termékkód'}
                  </Text>
                </Field.Label>
                <Input
                  inputMode="numeric"
                  value={typed[line.key] ?? ''}
                  onChange={(event) =>
                    setTyped((current) => ({ ...current, [line.key]: event.target.value }))
                  }
                />
              </Grid>
              {!line.kutiId && (
                <Field.HelperText>
                  Termékkód nélkül a készlet csak a katalógus módosítására jogosult munkatárs állíthatja.
                </Field.HelperText>
              )}
              <Field.ErrorText>{errors[line.key]}</Field.ErrorText>
            </DescribedFieldRoot>
          ))}
          <Button type="submit" colorPalette="brand" alignSelf="end" loading={save.isPending}>
            Készlet mentése
          </Button>
        </Stack>
      </ProductSection>
    </form>
  );
}
