import { Alert, Box, Button, Field, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { LuListPlus } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { parseCodeList } from './code-list';
import type { CartAddInput } from './use-cart';

type Outcome = {
  added: number;
  notFound: string[];
  soldOut: string[];
  /** Codes of products sold in variants: the variant's own code says which size or colour. */
  needsVariant: string[];
  invalid: string[];
};

function Problem({ title, codes }: { title: string; codes: string[] }) {
  if (codes.length === 0) return null;
  return (
    <Alert.Root status="warning" size="sm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description wordBreak="break-word">{codes.join(', ')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Quick add by product codes: codes one a line or comma separated, optionally "kód;mennyiség". The
 * codes are looked up at once (product.findMultipleByKutiId); what was found and is in stock goes into
 * the cart, and the box keeps the codes that did not, with the reason.
 */
export function QuickAddByCodes({
  addMany,
}: {
  addMany: (changes: readonly CartAddInput[]) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setOutcome(null);
    const { entries, invalid } = parseCodeList(text);
    if (entries.length === 0 && invalid.length === 0) {
      setError('Írj be legalább egy termékkódot.');
      return;
    }
    setBusy(true);
    try {
      let found: {
        id: number;
        variant: number | null;
        variantSummary: string | null;
        inStock: boolean;
        requestedId: string;
      }[] = [];
      if (entries.length > 0) {
        try {
          const answer = await queryClient.fetchQuery(
            trpc.product.findMultipleByKutiId.queryOptions({ ids: entries.map((entry) => entry.code) }),
          );
          found = answer.items;
        } catch (lookupError) {
          setError(errorMessage(lookupError));
          return;
        }
      }
      const byCode = new Map(found.map((item) => [item.requestedId.toLowerCase(), item]));
      const changes: CartAddInput[] = [];
      const notFound: string[] = [];
      const soldOut: string[] = [];
      const needsVariant: string[] = [];
      for (const entry of entries) {
        const product = byCode.get(entry.code.toLowerCase());
        if (!product) notFound.push(entry.code);
        else if (product.variant === null && product.variantSummary !== null) needsVariant.push(entry.code);
        else if (!product.inStock) soldOut.push(entry.code);
        else changes.push({ product: product.id, variant: product.variant, quantity: entry.quantity });
      }
      if (changes.length > 0) {
        try {
          await addMany(changes);
        } catch {
          // The cart's own error toast said why; the codes stay in the box for another try.
          return;
        }
      }
      setOutcome({ added: changes.length, notFound, soldOut, needsVariant, invalid });
      setText([...notFound, ...soldOut, ...needsVariant, ...invalid].join('\n'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby={`${id}-title`}
      bg="shop.surface"
      borderWidth="1px"
      borderRadius="l3"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" id={`${id}-title`} size="md">
        Gyors rendelés termékkóddal
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1" mb="4">
        Ha tudod a cikkszámokat, egyszerre is a kosárba teheted őket.
      </Text>
      <Stack gap="3" asChild>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <DescribedFieldRoot invalid={Boolean(error)}>
            <Field.Label>Termékkódok</Field.Label>
            <Textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={4}
              autoComplete="off"
              spellCheck={false}
              placeholder={'KT-10001\nKT-10020;3'}
              fontFamily="mono"
              fontSize="sm"
            />
            {error ? (
              <Field.ErrorText>{error}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                Soronként egy kód, vagy vesszővel elválasztva. Mennyiség pontosvesszővel: „KT-10020;3”.
              </Field.HelperText>
            )}
          </DescribedFieldRoot>
          <Box>
            <Button type="submit" variant="outline" colorPalette="brand" loading={busy}>
              <LuListPlus /> Kosárba teszem
            </Button>
          </Box>
          <Stack gap="2" role="status" aria-label="A gyors rendelés eredménye">
            {outcome && outcome.added > 0 && (
              <Alert.Root status="success" size="sm">
                <Alert.Indicator />
                <Alert.Title>{outcome.added} tétel került a kosárba.</Alert.Title>
              </Alert.Root>
            )}
            {outcome && <Problem title="Ezeket a kódokat nem találtuk:" codes={outcome.notFound} />}
            {outcome && <Problem title="Elfogyott, nem tettük a kosárba:" codes={outcome.soldOut} />}
            {outcome && (
              <Problem
                title="Ezek a termékek több változatban kaphatók: add meg a változat (méret, szín) saját kódját."
                codes={outcome.needsVariant}
              />
            )}
            {outcome && <Problem title="Ezeket a sorokat nem értettük:" codes={outcome.invalid} />}
          </Stack>
        </form>
      </Stack>
    </Box>
  );
}
