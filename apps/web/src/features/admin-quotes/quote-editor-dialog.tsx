import { Box, Field, Grid, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type TQuote, type TQuoteProposal, ZQuoteCreateInput, ZQuoteUpdateInput } from '@shop/api/schemas';
import { formatPrice, toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { useTRPC } from '../../lib/trpc';
import { ProductPicker } from '../admin/product-picker';
import { QuoteLineVariant, type VariantPick } from './quote-line-variant';

/**
 * A line as the form holds it: the numbers as typed, so a half-typed price is not lost. `variant` is
 * null for a product sold as itself, or one whose variant is still to be chosen. `listPrice` is the
 * price the line was prefilled with: while the price is that, it follows a change of variant.
 */
type DraftLine = {
  key: number;
  product: number;
  variant: number | null;
  title: string;
  quantity: string;
  unitPrice: string;
  listPrice: number | null;
};

let lastKey = 0;
const newKey = () => {
  lastKey += 1;
  return lastKey;
};

function draftLinesOf(
  lines: readonly {
    product: number;
    variant: number | null;
    title: string;
    quantity: number;
    unitPrice: number;
  }[],
  prefilled: boolean,
): DraftLine[] {
  return lines.map((line) => ({
    key: newKey(),
    product: line.product,
    variant: line.variant,
    title: line.title,
    quantity: String(line.quantity),
    unitPrice: String(line.unitPrice),
    listPrice: prefilled ? line.unitPrice : null,
  }));
}

/** The line with another variant: its title, and its price too while it is the prefilled list price. */
function withVariant(line: DraftLine, pick: VariantPick): Partial<DraftLine> {
  const untouched = line.listPrice !== null && line.unitPrice === String(line.listPrice);
  return {
    variant: pick.variant,
    title: pick.title,
    ...(untouched ? { unitPrice: String(pick.price), listPrice: pick.price } : {}),
  };
}

/**
 * Writes a quote: a gross unit price per line, lines added or removed, the last valid day and a note.
 * A new quote starts from the offer request's proposal, an existing one from itself. A product sold in
 * variants is quoted per variant, chosen here (prefilled with the one asked for).
 */
export function QuoteEditorDialog({
  open,
  onOpenChange,
  offerRequestId,
  start,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offerRequestId: number;
  start: { quote: TQuote } | { proposal: TQuoteProposal };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const quote = 'quote' in start ? start.quote : null;
  const initial = 'quote' in start ? start.quote : start.proposal;
  const [lines, setLines] = useState<DraftLine[]>(() => draftLinesOf(initial.lines, !quote));
  const [validUntil, setValidUntil] = useState(initial.validUntil);
  const [note, setNote] = useState(quote?.note ?? '');
  const { errors, validate, failWith } = useZodForm(quote ? ZQuoteUpdateInput : ZQuoteCreateInput);

  const done = (title: string) => {
    toaster.success({ title });
    void queryClient.invalidateQueries(trpc.quote.pathFilter());
    onOpenChange(false);
  };
  const create = useMutation(
    trpc.quote.create.mutationOptions({
      onSuccess: () => done('Az árajánlat elkészült. Küldd el a vásárlónak!'),
      ...failWith('Az árajánlat nem jött létre.'),
    }),
  );
  const update = useMutation(
    trpc.quote.update.mutationOptions({
      onSuccess: () => done('Az árajánlat mentve.'),
      ...failWith('A mentés nem sikerült.'),
    }),
  );

  const setLine = (index: number, change: Partial<DraftLine>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      lines: lines.map((line) => ({
        product: line.product,
        variant: line.variant ?? undefined,
        quantity: parseNumberInput(line.quantity),
        unitPrice: parseNumberInput(line.unitPrice),
      })),
      validUntil,
      note: note.trim() || undefined,
    };
    if (quote) {
      const input = validate({ id: quote.id, ...fields });
      if (input) update.mutate(input as Parameters<typeof update.mutate>[0]);
    } else {
      const input = validate({ offerRequestId, ...fields });
      if (input) create.mutate(input as Parameters<typeof create.mutate>[0]);
    }
  };

  const total = lines.reduce(
    (sum, line) => sum + (parseNumberInput(line.quantity) || 0) * (parseNumberInput(line.unitPrice) || 0),
    0,
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={quote ? 'Árajánlat módosítása' : 'Új árajánlat'}
      onSubmit={onSubmit}
      submitLabel={quote ? 'Mentés' : 'Árajánlat létrehozása'}
      pending={create.isPending || update.isPending}
      size={{ base: 'full', md: 'xl' }}
    >
      <Stack gap="5">
        <Text fontSize="sm" color="fg.muted">
          Címzett: {initial.email}. Az árak bruttó darabárak forintban; a vásárló ezen az áron rendelheti meg
          az ajánlott mennyiséget az érvényesség utolsó napjáig, egyszer.
        </Text>
        <Stack gap="3" as="ul" listStyleType="none" aria-label="Az ajánlat tételei">
          {lines.map((line, index) => (
            <Box as="li" key={line.key} borderWidth="1px" borderRadius="l2" p="3">
              <Grid
                templateColumns={{ base: '1fr 1fr auto', md: '1fr 7rem 9rem auto' }}
                gap="3"
                alignItems="end"
              >
                <Stack gridColumn={{ base: '1 / -1', md: 'auto' }} gap="2" alignSelf="center">
                  <Text fontWeight="medium">{line.title}</Text>
                  <QuoteLineVariant
                    product={line.product}
                    variant={line.variant}
                    label={line.title}
                    error={errors[`lines.${index}.variant`]}
                    onPick={(pick) => setLine(index, withVariant(line, pick))}
                  />
                </Stack>
                <DescribedFieldRoot invalid={Boolean(errors[`lines.${index}.quantity`])}>
                  <Field.Label>Mennyiség</Field.Label>
                  <Input
                    inputMode="numeric"
                    value={line.quantity}
                    onChange={(event) => setLine(index, { quantity: event.target.value })}
                    aria-label={`${line.title}: mennyiség`}
                  />
                  <Field.ErrorText>{errors[`lines.${index}.quantity`]}</Field.ErrorText>
                </DescribedFieldRoot>
                <DescribedFieldRoot invalid={Boolean(errors[`lines.${index}.unitPrice`])}>
                  <Field.Label>Ár / db (Ft)</Field.Label>
                  <Input
                    inputMode="numeric"
                    value={line.unitPrice}
                    onChange={(event) => setLine(index, { unitPrice: event.target.value })}
                    aria-label={`${line.title}: ár / db`}
                  />
                  <Field.ErrorText>{errors[`lines.${index}.unitPrice`]}</Field.ErrorText>
                </DescribedFieldRoot>
                <IconButton
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`${line.title} eltávolítása`}
                  onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
                >
                  <LuTrash2 />
                </IconButton>
              </Grid>
            </Box>
          ))}
        </Stack>
        {errors.lines && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {errors.lines}
          </Text>
        )}
        <Text fontWeight="semibold">Összesen: {formatPrice(total)}</Text>
        <Box>
          <Text fontWeight="medium" mb="2">
            Termék hozzáadása
          </Text>
          <ProductPicker
            listBeforeSearch={false}
            // A product sold in variants may be added again, for another variant.
            exclude={lines.filter((line) => line.variant === null).map((line) => line.product)}
            onPick={(product) =>
              setLines((current) => [
                ...current,
                {
                  key: newKey(),
                  product: product.id,
                  variant: null,
                  title: product.title,
                  quantity: '1',
                  unitPrice: String(product.price),
                  listPrice: product.price,
                },
              ])
            }
          />
        </Box>
        <Grid templateColumns={{ base: '1fr', md: '12rem 1fr' }} gap="4">
          <DescribedFieldRoot invalid={Boolean(errors.validUntil)} required>
            <Field.Label>
              Érvényes (utolsó nap) <Field.RequiredIndicator />
            </Field.Label>
            <Input type="date" value={validUntil} onChange={(event) => setValidUntil(event.target.value)} />
            <Field.ErrorText>{errors.validUntil}</Field.ErrorText>
          </DescribedFieldRoot>
          <DescribedFieldRoot invalid={Boolean(errors.note)}>
            <Field.Label>Megjegyzés a vásárlónak</Field.Label>
            <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} />
            <Field.ErrorText>{errors.note}</Field.ErrorText>
          </DescribedFieldRoot>
        </Grid>
      </Stack>
    </FormDialog>
  );
}
