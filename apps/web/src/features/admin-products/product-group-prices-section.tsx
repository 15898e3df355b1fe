import { Link as ChakraLink, Checkbox, Flex, Input, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ProductSection } from './product-section';

export type GroupOption = { id: number; name: string; discountPercent: number };

export type GroupRow = { groupId: number; price: string; hidden: boolean };

/**
 * A price per customer group, and with `withHidden` a hidden flag: a product's, or a variant's own
 * prices in its price dialog (a variant is hidden only with its product).
 */
export function GroupPriceInputs({
  groups,
  rows,
  onChange,
  withHidden = true,
}: {
  groups: readonly GroupOption[];
  rows: GroupRow[];
  onChange: (rows: GroupRow[]) => void;
  withHidden?: boolean;
}) {
  const updateRow = (index: number, patch: Partial<GroupRow>) =>
    onChange(rows.map((entry, position) => (position === index ? { ...entry, ...patch } : entry)));
  return (
    <>
      {groups.length === 0 && <Text color="fg.muted">Még nincs vásárlói csoport.</Text>}
      {rows.map((row, index) => {
        const group = groups.find((entry) => entry.id === row.groupId);
        return (
          <Flex key={row.groupId} align="center" gap="3" wrap="wrap">
            <Text flex="1" minW="32" fontSize="sm" fontWeight="medium">
              {group?.name}
              {group && group.discountPercent > 0 && (
                <Text as="span" color="fg.muted" fontWeight="normal">
                  {' '}
                  (−{group.discountPercent}%)
                </Text>
              )}
            </Text>
            <Input
              size="sm"
              w="28"
              inputMode="numeric"
              placeholder="Ft"
              aria-label={`${group?.name ?? ''}: csoportár`}
              value={row.price}
              onChange={(event) => updateRow(index, { price: event.target.value })}
            />
            {withHidden && (
              <Checkbox.Root
                size="sm"
                checked={row.hidden}
                onCheckedChange={(details) => updateRow(index, { hidden: details.checked === true })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="normal">Rejtett</Checkbox.Label>
              </Checkbox.Root>
            )}
          </Flex>
        );
      })}
    </>
  );
}

/** A price and a hidden flag per customer group; the per-customer prices live on their own screen. */
export function ProductGroupPricesSection({
  productId,
  groups,
  rows,
  onChange,
}: {
  productId: number | undefined;
  groups: readonly GroupOption[];
  rows: GroupRow[];
  onChange: (rows: GroupRow[]) => void;
}) {
  return (
    <ProductSection
      title="Csoportárak"
      description="Üres ár: a csoport a listaárat kapja a csoport kedvezményével."
    >
      <GroupPriceInputs groups={groups} rows={rows} onChange={onChange} />
      {productId !== undefined && (
        <ChakraLink asChild fontSize="sm" color="brand.fg">
          <Link to="/admin/catalog/user" search={{ product: productId }}>
            Egyedi vevői árak és láthatóság →
          </Link>
        </ChakraLink>
      )}
    </ProductSection>
  );
}
