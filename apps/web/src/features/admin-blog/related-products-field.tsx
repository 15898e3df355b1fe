import { Box, Button, Field, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '@shop/ui';
import { useState } from 'react';
import { LuArrowDown, LuArrowUp, LuPlus, LuX } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import { type PickedProduct, ProductPicker } from '../admin/product-picker';

/**
 * The products a post recommends, in the order the shop shows them: each can move up or down or go, and
 * "Termék hozzáadása" opens a search that adds the chosen product to the end.
 */
export function RelatedProductsField({
  products,
  onChange,
  max,
  error,
}: {
  products: PickedProduct[];
  onChange: (products: PickedProduct[]) => void;
  max: number;
  error?: string;
}) {
  const [picking, setPicking] = useState(false);
  const move = (index: number, delta: number) => {
    const next = [...products];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + delta, 0, moved);
    onChange(next);
  };

  return (
    <DescribedFieldRoot invalid={Boolean(error)}>
      <Field.Label>Kapcsolt termékek</Field.Label>
      <Stack gap="2" w="full">
        {products.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Nincs kapcsolt termék. A bejegyzés alatt ezek jelennek meg, ebben a sorrendben.
          </Text>
        ) : (
          <Stack as="ol" listStyleType="none" gap="1" aria-label="Kapcsolt termékek">
            {products.map((product, index) => (
              <Flex
                as="li"
                key={product.id}
                align="center"
                gap="2"
                borderWidth="1px"
                borderRadius="l2"
                ps="3"
                pe="1"
                py="1"
              >
                <Box flex="1" minW="0">
                  <Text fontSize="sm" truncate title={product.title}>
                    {product.title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatPrice(product.price)}
                  </Text>
                </Box>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={`${product.title}: előrébb`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <LuArrowUp />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={`${product.title}: hátrébb`}
                  disabled={index === products.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <LuArrowDown />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`${product.title}: eltávolítás`}
                  onClick={() => onChange(products.filter((item) => item.id !== product.id))}
                >
                  <LuX />
                </IconButton>
              </Flex>
            ))}
          </Stack>
        )}
        {picking ? (
          <Box borderWidth="1px" borderRadius="l2" p="3" bg="bg.subtle">
            <ProductPicker
              exclude={products.map((product) => product.id)}
              onPick={(product) => {
                onChange([...products, product]);
                setPicking(false);
              }}
            />
            <Button size="sm" variant="ghost" mt="2" onClick={() => setPicking(false)}>
              Mégse
            </Button>
          </Box>
        ) : (
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            disabled={products.length >= max}
            onClick={() => setPicking(true)}
          >
            <LuPlus /> Termék hozzáadása
          </Button>
        )}
      </Stack>
      {!error && products.length >= max && (
        <Field.HelperText>Legfeljebb {max} termék kapcsolható.</Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}
