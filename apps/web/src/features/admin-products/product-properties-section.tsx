import { Box, Checkbox, Flex, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { useTRPCClient } from '../../lib/trpc';
import { propertyListOptions } from '../admin-properties/property-queries';
import { ProductSection } from './product-section';

/** The property values the shop filters by, one fieldset per property. */
export function ProductPropertiesSection({
  valueIds,
  onChange,
}: {
  valueIds: number[];
  onChange: Dispatch<SetStateAction<number[]>>;
}) {
  const client = useTRPCClient();
  const { data: properties } = useSuspenseQuery(propertyListOptions(client));
  return (
    <ProductSection title="Tulajdonságok" description="A boltban szűrni lehet rájuk.">
      {properties.items.length === 0 && <Text color="fg.muted">Még nincs tulajdonság.</Text>}
      {properties.items.map((property) => (
        <Box as="fieldset" key={property.id}>
          <Text as="legend" fontWeight="semibold" fontSize="sm" mb="2">
            {property.title}
          </Text>
          <Flex gap="3" wrap="wrap">
            {property.values.map((value) => (
              <Checkbox.Root
                key={value.id}
                size="sm"
                checked={valueIds.includes(value.id)}
                onCheckedChange={(details) =>
                  onChange((current) =>
                    details.checked === true
                      ? [...current, value.id]
                      : current.filter((id) => id !== value.id),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="normal">{value.title}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Flex>
        </Box>
      ))}
    </ProductSection>
  );
}
