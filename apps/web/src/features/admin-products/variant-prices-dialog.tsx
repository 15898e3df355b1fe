import { Heading, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '@shop/ui';
import { useState } from 'react';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { type GroupOption, GroupPriceInputs } from './product-group-prices-section';
import { TierRowsEditor } from './product-tiers-section';
import type { VariantRow } from './variant-drafts';

/**
 * "Árak" of one row of the variant table: the variant's own quantity tiers and group prices, applied
 * to the row on "Kész" and saved with "Változatok mentése". The messages of a refused save (at
 * `variants.3.tiers…`) show beside their fields.
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
  onApply: (patch: Pick<VariantRow, 'tiers' | 'groupPrices'>) => void;
  onClose: () => void;
}) {
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
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ tiers, groupPrices });
        onClose();
      }}
    >
      <Stack gap="5">
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
              grossPrice: groupPrices[group.id] ?? '',
              hidden: false,
            }))}
            onChange={(rows) =>
              setGroupPrices(Object.fromEntries(rows.map((entry) => [entry.groupId, entry.grossPrice])))
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
