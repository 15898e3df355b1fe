import { Checkbox, Flex, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { ProductSection } from './product-section';

export type ProductCategoryChoice = { categoryIds: number[]; primaryCategoryId: number | null };

/** The categories the product is listed in, and the main one its breadcrumb follows. */
export function ProductCategoriesSection({
  value,
  onChange,
  initialCategoryIds,
  error,
}: {
  value: ProductCategoryChoice;
  onChange: Dispatch<SetStateAction<ProductCategoryChoice>>;
  initialCategoryIds: number[];
  error?: string;
}) {
  const trpc = useTRPC();
  const { data: categories } = useSuspenseQuery(
    trpc.category.findAll.queryOptions({ page: 1, pageSize: 500, sort: 'path', order: 'asc' }),
  );
  const [filter, setFilter] = useState('');
  const { categoryIds, primaryCategoryId } = value;

  const toggleCategory = (id: number, checked: boolean) =>
    onChange((current) => {
      let primary = current.primaryCategoryId;
      if (checked && primary === null) primary = id;
      if (!checked && primary === id) primary = null;
      return {
        categoryIds: checked
          ? [...current.categoryIds, id]
          : current.categoryIds.filter((entry) => entry !== id),
        primaryCategoryId: primary,
      };
    });

  const needle = filter.trim().toLocaleLowerCase('hu');
  // The categories the product had when opened come first (sorting by the live choice would make rows jump).
  const shownCategories = categories.items
    .filter(
      (category) =>
        categoryIds.includes(category.id) ||
        !needle ||
        category.path.toLocaleLowerCase('hu').includes(needle),
    )
    .sort((a, b) => Number(initialCategoryIds.includes(b.id)) - Number(initialCategoryIds.includes(a.id)));

  return (
    <ProductSection
      title="Kategóriák"
      description="Pipáld be a kategóriákat, és jelöld ki a fő kategóriát (a morzsamenühöz)."
    >
      <Input
        size="sm"
        type="search"
        aria-label="Kategóriák szűrése"
        placeholder="Szűrés"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <RadioGroup.Root
        value={primaryCategoryId === null ? '' : String(primaryCategoryId)}
        onValueChange={(details) =>
          details.value && onChange((current) => ({ ...current, primaryCategoryId: Number(details.value) }))
        }
        size="sm"
      >
        <Stack gap="1.5" maxH="72" overflowY="auto" pe="1">
          {shownCategories.map((category) => {
            const checked = categoryIds.includes(category.id);
            return (
              <Flex key={category.id} align="center" justify="space-between" gap="2">
                <Checkbox.Root
                  size="sm"
                  checked={checked}
                  onCheckedChange={(details) => toggleCategory(category.id, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label fontWeight="normal">{category.path}</Checkbox.Label>
                </Checkbox.Root>
                {checked && (
                  <RadioGroup.Item value={String(category.id)}>
                    <RadioGroup.ItemHiddenInput aria-label={`${category.path}: fő kategória`} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText fontSize="xs" color="fg.muted">
                      fő
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                )}
              </Flex>
            );
          })}
        </Stack>
      </RadioGroup.Root>
      {error && (
        <Text color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </ProductSection>
  );
}
