import { Button, Fieldset, Input, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuPlus } from 'react-icons/lu';

export type TargetOption = { id: number; label: string };

/** How many matches a search offers at once: enough to pick from, short enough for a phone. */
const OFFERED = 8;

/**
 * One kind of target of a promotion (categories, products, brands, groups): the chosen ones as tags to
 * remove, and under them the finder (children) that adds more. Nothing chosen means no limit.
 */
export function TargetField({
  label,
  helper,
  chosen,
  onRemove,
  error,
  children,
}: {
  label: string;
  helper: string;
  chosen: TargetOption[];
  onRemove: (id: number) => void;
  error?: string;
  children: ReactNode;
}) {
  return (
    // A fieldset is as wide as its widest line by default; long category paths would widen the dialog.
    <Fieldset.Root invalid={Boolean(error)} minW="0">
      <Fieldset.Legend fontWeight="medium" fontSize="sm">
        {label}
      </Fieldset.Legend>
      <Fieldset.HelperText>{helper}</Fieldset.HelperText>
      <Stack gap="2" mt="1">
        {chosen.length > 0 && (
          <Wrap gap="1.5" aria-label={`Kiválasztva: ${label.toLocaleLowerCase('hu')}`}>
            {chosen.map((option) => (
              <Tag.Root key={option.id} size="lg" colorPalette="brand" variant="subtle" maxW="full">
                <Tag.Label>{option.label}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`${option.label} eltávolítása`}
                    onClick={() => onRemove(option.id)}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </Wrap>
        )}
        {children}
      </Stack>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}

/**
 * Finds options of a list the browser already holds by any part of their name. A short list (customer
 * groups) is offered whole; a long one only once something is typed.
 */
export function OptionFinder({
  options,
  chosenIds,
  onPick,
  searchLabel,
  placeholder,
}: {
  options: TargetOption[];
  chosenIds: readonly number[];
  onPick: (id: number) => void;
  searchLabel: string;
  placeholder: string;
}) {
  const [text, setText] = useState('');
  const needle = text.trim().toLocaleLowerCase('hu');
  const open = options.filter((option) => !chosenIds.includes(option.id));
  const matches = open.filter((option) => option.label.toLocaleLowerCase('hu').includes(needle));
  const offered = needle || open.length <= OFFERED / 2 ? matches.slice(0, OFFERED) : [];
  return (
    <Stack gap="1">
      {options.length > OFFERED / 2 && (
        <Input
          type="search"
          size="sm"
          aria-label={searchLabel}
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      )}
      {needle && matches.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          Nincs ilyen.
        </Text>
      )}
      {offered.length > 0 && (
        <Wrap gap="1.5">
          {offered.map((option) => (
            <Button
              key={option.id}
              size="xs"
              variant="outline"
              maxW="full"
              onClick={() => {
                onPick(option.id);
                setText('');
              }}
            >
              <LuPlus />
              <Text as="span" truncate>
                {option.label}
              </Text>
            </Button>
          ))}
        </Wrap>
      )}
    </Stack>
  );
}
