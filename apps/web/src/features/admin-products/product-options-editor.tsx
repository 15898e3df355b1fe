import { Box, Button, ColorSwatch, Field, Flex, IconButton, Input, Stack, Tag, Text } from '@chakra-ui/react';
import { MAX_OPTION_VALUES, MAX_PRODUCT_OPTIONS } from '@shop/api/schemas';
import { isColourOption } from '@shop/api/schemas/variant';
import { type KeyboardEvent, useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { combinationKey, newKey, type OptionDraft } from './variant-drafts';

/**
 * What the colour picker opens on for a value without a swatch. It is never sent: a colour value is shared
 * by every product that has it, so a typed "kék" must keep the swatch other products show for it.
 */
const PICKER_START = '#888888';

/** The values of one option as chips, with an input that adds one on Enter (or several split by commas). */
function ValueChips({
  option,
  index,
  errors,
  onChange,
}: {
  option: OptionDraft;
  index: number;
  errors: FieldErrors;
  onChange: (values: OptionDraft['values']) => void;
}) {
  const [typed, setTyped] = useState('');
  const colour = isColourOption(option.title);
  const add = () => {
    const titles = typed
      .split(',')
      .map((title) => title.trim())
      .filter(Boolean);
    const next = [...option.values];
    for (const title of titles) {
      if (next.length >= MAX_OPTION_VALUES) break;
      if (!next.some((value) => combinationKey([value.title]) === combinationKey([title])))
        next.push({ title });
    }
    onChange(next);
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the value; it must not submit the product's form around this section.
    event.preventDefault();
    add();
  };
  const valueError = Object.entries(errors).find(([path]) => path.startsWith(`options.${index}.values`))?.[1];
  return (
    <DescribedFieldRoot invalid={Boolean(valueError)}>
      <Field.Label>Értékek</Field.Label>
      <Flex gap="2" wrap="wrap" align="center">
        {option.values.map((value, v) => (
          <Tag.Root key={value.title} size="lg" variant="outline" borderRadius="full">
            {colour && (
              <Tag.StartElement>
                <Box asChild position="relative" boxSize="4">
                  <label>
                    {value.swatch ? (
                      <ColorSwatch value={value.swatch} boxSize="4" borderRadius="full" />
                    ) : (
                      <Box
                        boxSize="4"
                        borderRadius="full"
                        borderWidth="1px"
                        borderStyle="dashed"
                        borderColor="fg.muted"
                      />
                    )}
                    <input
                      type="color"
                      aria-label={`${value.title} színmintája`}
                      value={value.swatch ?? PICKER_START}
                      onChange={(event) =>
                        onChange(
                          option.values.map((other, o) =>
                            o === v ? { ...other, swatch: event.target.value } : other,
                          ),
                        )
                      }
                      style={{
                        position: 'absolute',
                        inset: 0,
                        opacity: 0,
                        width: '100%',
                        height: '100%',
                        cursor: 'pointer',
                      }}
                    />
                  </label>
                </Box>
              </Tag.StartElement>
            )}
            <Tag.Label>{value.title}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={`${value.title} törlése`}
                onClick={() => onChange(option.values.filter((_, o) => o !== v))}
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
        <Flex gap="1" flex="1" minW="44">
          <Input
            size="sm"
            aria-label={`Új érték: ${option.title || `${index + 1}. opció`}`}
            placeholder={colour ? 'pl. kék, piros' : 'pl. S, M, L'}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button size="sm" variant="outline" onClick={add} disabled={!typed.trim()}>
            Hozzáad
          </Button>
        </Flex>
      </Flex>
      {!valueError && (
        <Field.HelperText>
          Enter vagy vessző választja el az értékeket.
          {colour &&
            ' A színminta a karikára kattintva állítható; a bolt egy már használt színnél a meglévő mintáját mutatja.'}
        </Field.HelperText>
      )}
      <Field.ErrorText>{valueError}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}

/** Up to three options (Méret, Szín), each a name and its values. */
export function ProductOptionsEditor({
  options,
  errors,
  onChange,
  onRemove,
  onValueRemoved,
}: {
  options: OptionDraft[];
  errors: FieldErrors;
  onChange: (options: OptionDraft[]) => void;
  /** An option went: the variant rows drop its value. */
  onRemove: (index: number) => void;
  /** A value went: the rows that had it go too. */
  onValueRemoved: (index: number, title: string) => void;
}) {
  const update = (index: number, patch: Partial<OptionDraft>) =>
    onChange(options.map((option, o) => (o === index ? { ...option, ...patch } : option)));
  return (
    <Stack gap="3">
      {options.map((option, index) => (
        <Box key={option.key} borderWidth="1px" borderRadius="l2" p="3" data-testid="variant-option">
          <Flex gap="2" align="end" mb="3">
            <DescribedFieldRoot invalid={Boolean(errors[`options.${index}.title`])} flex="1">
              <Field.Label>{index + 1}. opció neve</Field.Label>
              <Input
                value={option.title}
                placeholder={index === 0 ? 'pl. Méret' : 'pl. Szín'}
                onChange={(event) => update(index, { title: event.target.value })}
              />
              <Field.ErrorText>{errors[`options.${index}.title`]}</Field.ErrorText>
            </DescribedFieldRoot>
            <IconButton
              variant="ghost"
              colorPalette="red"
              aria-label={`${option.title || `${index + 1}. opció`} törlése`}
              onClick={() => onRemove(index)}
            >
              <LuTrash2 />
            </IconButton>
          </Flex>
          <ValueChips
            option={option}
            index={index}
            errors={errors}
            onChange={(values) => {
              const gone = option.values.filter((value) => !values.includes(value));
              update(index, { values });
              for (const value of gone) onValueRemoved(index, value.title);
            }}
          />
        </Box>
      ))}
      {options.length < MAX_PRODUCT_OPTIONS ? (
        <Button
          variant="outline"
          alignSelf="start"
          onClick={() => onChange([...options, { key: newKey(), title: '', values: [] }])}
        >
          <LuPlus /> Opció hozzáadása
        </Button>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Egy terméknek legfeljebb {MAX_PRODUCT_OPTIONS} opciója lehet.
        </Text>
      )}
    </Stack>
  );
}
