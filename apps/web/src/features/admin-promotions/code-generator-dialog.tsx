import { Button, Code, Dialog, Grid, Portal, Stack, Text, Wrap } from '@chakra-ui/react';
import { MAX_GENERATED_CODES, type TPromotion, ZCodeGenerateInput } from '@shop/api/schemas';
import { formatNumber, toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';

/** How many new codes the result shows; the rest are in the CSV. */
const SHOWN_CODES = 10;

/** "Kódok letöltése (CSV)": every code of the promotion with its limit and uses, for Excel. */
export function CodesDownloadButton({
  promotionId,
  primary = false,
}: {
  promotionId: number;
  primary?: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    () => queryClient.fetchQuery(freshQuery(trpc.promotion.downloadCodes.queryOptions({ id: promotionId }))),
    { encoding: 'text', errorTitle: 'A letöltés nem sikerült.' },
  );
  return (
    <Button
      variant={primary ? 'solid' : 'outline'}
      colorPalette={primary ? 'brand' : undefined}
      loading={loading}
      onClick={() => void download()}
    >
      <LuDownload /> Kódok letöltése (CSV)
    </Button>
  );
}

/** The codes just made: a few to see, and the CSV with all of them. */
function GeneratedCodesDialog({
  promotion,
  codes,
  onClose,
}: {
  promotion: TPromotion;
  codes: string[];
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{`${formatNumber(codes.length)} új kód`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted">
                  Akció: {promotion.name}. Töltsd le mindet, és küldd ki őket, például hírlevélben.
                </Text>
                <Wrap gap="2" aria-label="Az új kódok">
                  {codes.slice(0, SHOWN_CODES).map((code) => (
                    <Code key={code} size="md">
                      {code}
                    </Code>
                  ))}
                  {codes.length > SHOWN_CODES && (
                    <Text fontSize="sm" color="fg.muted">
                      és még {formatNumber(codes.length - SHOWN_CODES)}
                    </Text>
                  )}
                </Wrap>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch">
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost">Kész</Button>
              </Dialog.ActionTrigger>
              <CodesDownloadButton promotionId={promotion.id} primary />
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * "Kódok" on a coupon promotion: many single-use (or few-use) codes at once, for a newsletter or
 * printed flyers; then the CSV of all its codes.
 */
export function CodeGeneratorDialog({ promotion, onClose }: { promotion: TPromotion; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const [usageLimit, setUsageLimit] = useState('1');
  const [generated, setGenerated] = useState<string[] | null>(null);
  const { errors, validate, failWith } = useZodForm(ZCodeGenerateInput);

  const generate = useMutation(
    trpc.promotion.generateCodes.mutationOptions({
      onSuccess: (result) => {
        toaster.success({ title: `${formatNumber(result.created)} kód létrejött.` });
        void queryClient.invalidateQueries(trpc.promotion.pathFilter());
        setGenerated(result.codes);
      },
      ...failWith('A kódok nem jöttek létre.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      id: promotion.id,
      count: parseNumberInput(count),
      prefix,
      usageLimit: parseNumberInput(usageLimit),
    });
    if (input) generate.mutate(input);
  };

  if (generated) return <GeneratedCodesDialog promotion={promotion} codes={generated} onClose={onClose} />;

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Kódok generálása"
      onSubmit={onSubmit}
      submitLabel="Kódok generálása"
      pending={generate.isPending}
    >
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          Akció: {promotion.name}. Egyedi, véletlen kódok, az összetéveszthető karakterek (0 és O, 1, I és L)
          nélkül.
        </Text>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <TextField
            label="Hány kód"
            value={count}
            onValueChange={setCount}
            error={errors.count}
            unit="db"
            inputMode="numeric"
            helper={`Legfeljebb ${formatNumber(MAX_GENERATED_CODES)} egyszerre.`}
            required
            autoFocus
          />
          <TextField
            label="Kódonként felhasználható"
            value={usageLimit}
            onValueChange={setUsageLimit}
            error={errors.usageLimit}
            unit="rendelés"
            inputMode="numeric"
            helper="1: egyszer használatos."
            required
          />
        </Grid>
        <TextField
          label="Előtag"
          value={prefix}
          onValueChange={(value) => setPrefix(value.toUpperCase())}
          error={errors.prefix}
          helper="Például HIRLEVEL: a kódok HIRLEVEL-XXXXXXXX alakúak lesznek. Üresen: csak a véletlen rész."
          maxLength={12}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
        />
        {promotion.codeCount > 0 && (
          <Stack gap="2" align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              Az akciónak már {formatNumber(promotion.codeCount)} kódja van.
            </Text>
            <CodesDownloadButton promotionId={promotion.id} />
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}
