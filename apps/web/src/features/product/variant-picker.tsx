import { Box, Button, Flex, Text } from '@chakra-ui/react';
import type { TProduct, TProductOptionValue } from '@shop/api/schemas';
import type { Ref } from 'react';
import { type Choice, valueState } from './variant-choice';

type State = ReturnType<typeof valueState>;

/** The name a screen reader hears: the value, and whether it can be had beside the other choices. */
function valueLabel(value: TProductOptionValue, state: State): string {
  if (state === 'soldOut') return `${value.title} (elfogyott)`;
  if (state === 'missing') return `${value.title} (ebben a változatban nem kapható)`;
  return value.title;
}

type ValueButtonProps = {
  value: TProductOptionValue;
  state: State;
  selected: boolean;
  onClick: () => void;
};

/** A colour's swatch: a round patch; sold out, a line crosses it. */
function SwatchButton({ value, state, selected, onClick }: ValueButtonProps) {
  return (
    <Box
      asChild
      position="relative"
      boxSize="11"
      rounded="full"
      p="1"
      borderWidth="2px"
      borderColor={selected ? 'brand.solid' : 'transparent'}
      cursor={state === 'missing' ? 'not-allowed' : 'pointer'}
      opacity={state === 'missing' ? 0.35 : 1}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <button
        type="button"
        aria-pressed={selected}
        aria-label={valueLabel(value, state)}
        title={valueLabel(value, state)}
        disabled={state === 'missing'}
        onClick={onClick}
      >
        <Box
          boxSize="full"
          rounded="full"
          borderWidth="1px"
          borderColor="blackAlpha.300"
          style={{ backgroundColor: value.swatch ?? undefined }}
        />
        {state === 'soldOut' && (
          <Box
            aria-hidden="true"
            position="absolute"
            top="50%"
            left="-1"
            right="-1"
            h="2px"
            bg="fg"
            transform="rotate(-45deg)"
            boxShadow="0 0 0 1px white"
          />
        )}
      </button>
    </Box>
  );
}

/** A size or any other value without a swatch: a button with its name; sold out, the name is struck. */
function TextValueButton({ value, state, selected, onClick }: ValueButtonProps) {
  return (
    <Button
      size="md"
      minW="12"
      variant={selected ? 'solid' : 'outline'}
      colorPalette={selected ? 'brand' : 'gray'}
      aria-pressed={selected}
      aria-label={valueLabel(value, state)}
      disabled={state === 'missing'}
      onClick={onClick}
      textDecoration={state === 'soldOut' ? 'line-through' : undefined}
      color={state === 'soldOut' && !selected ? 'fg.muted' : undefined}
      borderStyle={state === 'soldOut' ? 'dashed' : undefined}
    >
      {value.title}
    </Button>
  );
}

/**
 * The option pickers of a product sold in variants: colour swatches for values with a swatch, buttons
 * for sizes and the rest. A value no sold variant has beside the other choices is disabled; one whose
 * variants are all sold out is crossed out but can be chosen, so the shopper can ask to be told.
 */
export function VariantPicker({
  product,
  choice,
  onChoose,
  prompt,
  firstMissingRef,
}: {
  product: TProduct;
  choice: Choice;
  onChoose: (optionIndex: number, valueId: number) => void;
  /** Shown in each option still to choose, after "Kosárba" was pressed too early. */
  prompt: boolean;
  /** The first option still to choose, so "Kosárba" can move the focus there. */
  firstMissingRef: Ref<HTMLFieldSetElement>;
}) {
  const firstMissing = choice.indexOf(null);
  return (
    <Flex direction="column" gap="4">
      {product.options.map((option, optionIndex) => {
        const chosen = option.values.find((value) => value.id === choice[optionIndex]);
        const legendId = `valtozat-${option.propertyId}`;
        return (
          <Box
            as="fieldset"
            key={option.propertyId}
            ref={optionIndex === firstMissing ? firstMissingRef : undefined}
            aria-describedby={prompt && !chosen ? `${legendId}-hiba` : undefined}
          >
            <Text as="legend" id={legendId} fontSize="sm" fontWeight="semibold" mb="2">
              {option.title}
              {chosen ? (
                <Text as="span" fontWeight="normal" color="fg.muted">
                  : {chosen.title}
                </Text>
              ) : null}
            </Text>
            <Flex gap="2" wrap="wrap">
              {option.values.map((value) => {
                const props = {
                  value,
                  state: valueState(product, choice, optionIndex, value.id),
                  selected: chosen?.id === value.id,
                  onClick: () => onChoose(optionIndex, value.id),
                };
                return value.swatch ? (
                  <SwatchButton key={value.id} {...props} />
                ) : (
                  <TextValueButton key={value.id} {...props} />
                );
              })}
            </Flex>
            {prompt && !chosen && (
              <Text id={`${legendId}-hiba`} fontSize="sm" color="fg.error" mt="1.5">
                Válassz egyet.
              </Text>
            )}
          </Box>
        );
      })}
    </Flex>
  );
}
