import { Heading, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '@shop/ui';
import { useState } from 'react';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { type GroupOption, GroupPriceInputs } from './product-group-prices-section';
import { TierRowsEditor } from './product-tiers-section';
import { salePriceMissing } from './sale-draft';
import { SaleFields } from './sale-fields';
import type { VariantRow } from './variant-drafts';

/**
 * "Árak" of one row of the variant table: the variant's own sale, quantity tiers and group prices,
 * applied to the row on "Kész" and saved with "Változatok mentése". The messages of a refused save (at
 * `variants.3.salePrice`, `variants.3.tiers…`) show beside their fields.
 */
export function VariantPricesDialog({
  name,
  row,
  index,
  groups,
  listPrice,
  errors,
  onApply,
  onClose,
}: {
  name: string;
  row: VariantRow;
  index: number;
  groups: readonly GroupOption[];
  /** The price a piece costs below the first tier: the variant's own, else the product's. */
  listPrice: number;
  errors: FieldErrors;
  onApply: (patch: Pick<VariantRow, 'sale' | 'tiers' | 'groupPrices'>) => void;
  onClose: () => void;
}) {
  const [sale, setSale] = useState(row.sale);
  const [saleProblem, setSaleProblem] = useState<string | null>(null);
  const [tiers, setTiers] = useState(row.tiers);
  const [groupPrices, setGroupPrices] = useState(row.groupPrices);
  const groupError = Object.entries(errors).find(([path]) =>
    path.startsWith(`variants.${index}.groupPrices`),
  )?.[1];
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${name}: árak`}
      submitLabel="Kész"
      pending={false}
      // Wide enough on a computer for the sale's start and end side by side.
      size={{ base: 'full', sm: 'lg' }}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = salePriceMissing(sale);
        setSaleProblem(problem);
        if (problem) return;
        onApply({ sale, tiers, groupPrices });
        onClose();
      }}
    >
      <Stack gap="5">
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Akció
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {row.price.trim()
              ? `Saját akció nélkül ennek a változatnak nincs akciója; listaára ${formatPrice(listPrice)}.`
              : `Saját akció nélkül a termék akciója érvényes rá; listaára ${formatPrice(listPrice)}.`}
          </Text>
          <SaleFields
            value={sale}
            onChange={(patch) => setSale((current) => ({ ...current, ...patch }))}
            errors={saleProblem ? { ...errors, [`variants.${index}.salePrice`]: saleProblem } : errors}
            errorPath={`variants.${index}.`}
            priceHelper="Bruttó, a listaáránál kisebb; üresen: nincs saját akció."
          />
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Mennyiségi árak
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {row.price.trim()
              ? `Saját sávok nélkül ennek a változatnak nincs mennyiségi ára; 1 darabtól ${formatPrice(listPrice)}.`
              : `Saját sávok nélkül a termék mennyiségi árai érvényesek; 1 darabtól ${formatPrice(listPrice)}.`}
          </Text>
          <TierRowsEditor
            tiers={tiers}
            onChange={setTiers}
            errors={errors}
            errorPath={`variants.${index}.tiers`}
          />
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Csoportárak
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {row.price.trim()
              ? 'Üres ár: a csoport a változat árát kapja a csoport kedvezményével.'
              : 'Üres ár: a csoport a termék csoportárát kapja.'}
          </Text>
          <GroupPriceInputs
            groups={groups}
            withHidden={false}
            rows={groups.map((group) => ({
              groupId: group.id,
              price: groupPrices[group.id] ?? '',
              hidden: false,
            }))}
            onChange={(rows) =>
              setGroupPrices(Object.fromEntries(rows.map((entry) => [entry.groupId, entry.price])))
            }
          />
          {groupError && (
            <Text color="fg.error" fontSize="sm">
              {groupError}
            </Text>
          )}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
