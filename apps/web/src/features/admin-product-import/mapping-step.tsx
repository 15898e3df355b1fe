import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Grid,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TProductImportField, TProductImportPreset } from '@shop/api/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuFlaskConical } from 'react-icons/lu';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { sampleValue } from './import-text';
import type { ImportJobView } from './import-types';

/** What the upload answered beside the job, kept while the screen is open (a reload goes without them). */
export type UploadExtras = { sample: string[][]; mappingRemembered: boolean };

const NOT_IMPORTED = '– nem importáljuk –';

/**
 * Step 2: each column of the sheet with a sample value and the field it goes into, and the engine
 * whose export it is (which decides how list cells such as categories are split). "Próba futtatása"
 * runs the dry run with this mapping; the server refuses a mapping without the Cikkszám column.
 */
export function MappingStep({
  job,
  extras,
  onChecked,
  onCancel,
}: {
  job: ImportJobView;
  extras: UploadExtras | null;
  onChecked: () => void;
  onCancel?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: options } = useQuery(trpc.productImport.options.queryOptions());
  const [mapping, setMapping] = useState<Record<string, TProductImportField>>(job.mapping);
  const [preset, setPreset] = useState<TProductImportPreset | null>(job.preset);
  const check = useMutation(
    trpc.productImport.check.mutationOptions({
      meta: { toastError: false },
      onSuccess: (checked) => {
        queryClient.setQueryData(trpc.productImport.get.queryKey({ id: checked.id }), checked);
        void queryClient.invalidateQueries(trpc.productImport.rows.pathFilter());
        void queryClient.invalidateQueries(trpc.productImport.list.pathFilter());
        onChecked();
      },
    }),
  );

  const setField = (header: string, field: string) =>
    setMapping((current) => {
      const next = { ...current };
      if (field) next[header] = field as TProductImportField;
      else delete next[header];
      return next;
    });

  if (!options) {
    return (
      <AdminPanel p={{ base: '4', md: '6' }}>
        <Skeleton h="40" />
      </AdminPanel>
    );
  }

  const presetLabel = (id: TProductImportPreset | null) =>
    options.presets.find((option) => option.id === id)?.label ?? 'nem ismertük fel';

  return (
    <AdminPanel p={{ base: '4', md: '6' }}>
      <Stack gap="5">
        <Stack gap="3">
          <Text>
            Felismert formátum:{' '}
            <Badge colorPalette={job.preset ? 'blue' : 'gray'} size="md">
              {presetLabel(job.preset)}
            </Badge>
          </Text>
          <Field.Root maxW={{ md: 'sm' }}>
            <Field.Label>A fájl formátuma</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={preset ?? ''}
                onChange={(event) => setPreset((event.target.value || null) as TProductImportPreset | null)}
              >
                <option value="">Egyéb (a saját exportunk szerint)</option>
                {options.presets.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>
              Ebből tudjuk, hogyan vannak elválasztva a listás cellák (kategóriák, képek).
            </Field.HelperText>
          </Field.Root>
          {extras?.mappingRemembered && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">
                Ugyanilyen fejlécű fájlnál legutóbb ezt a hozzárendelést használtad; átvettük.
              </Alert.Title>
            </Alert.Root>
          )}
        </Stack>

        <Box>
          <Text fontWeight="semibold">Oszlopok</Text>
          <Text fontSize="sm" color="fg.muted">
            A Cikkszám mező kötelező: a sorokat a cikkszámuk köti a bolt termékeihez.
          </Text>
          <Grid
            hideBelow="md"
            templateColumns="1fr 1fr 1fr"
            gap="4"
            mt="3"
            px="3"
            fontSize="xs"
            fontWeight="semibold"
            color="fg.muted"
            textTransform="uppercase"
          >
            <Text>Oszlop a fájlban</Text>
            <Text>Példa</Text>
            <Text>Mező</Text>
          </Grid>
          <Stack as="ul" listStyleType="none" gap="2" mt="2">
            {job.headers.map((header, column) => {
              const sample = extras ? sampleValue(extras.sample, column) : null;
              return (
                <Grid
                  as="li"
                  key={header}
                  templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }}
                  gap={{ base: '1.5', md: '4' }}
                  alignItems="center"
                  borderWidth="1px"
                  borderRadius="l2"
                  p="3"
                  bg={mapping[header] ? 'white' : 'bg.subtle'}
                >
                  <Text fontWeight="medium" wordBreak="break-word">
                    {header}
                  </Text>
                  {extras && (
                    <Text fontSize="sm" color="fg.muted" truncate title={sample ?? undefined}>
                      {sample ?? 'üres'}
                    </Text>
                  )}
                  <NativeSelect.Root size="sm" gridColumn={extras ? undefined : { md: 'span 2' }}>
                    <NativeSelect.Field
                      aria-label={`${header}: mező`}
                      value={mapping[header] ?? ''}
                      onChange={(event) => setField(header, event.target.value)}
                    >
                      <option value="">{NOT_IMPORTED}</option>
                      {options.fields.map((option) => (
                        <option key={option.field} value={option.field}>
                          {option.label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Grid>
              );
            })}
          </Stack>
        </Box>

        {check.error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{errorMessage(check.error)}</Alert.Title>
          </Alert.Root>
        )}
        <Flex gap="2" wrap="wrap">
          <Button
            colorPalette="brand"
            loading={check.isPending}
            loadingText="A próba fut…"
            onClick={() => check.mutate({ id: job.id, mapping, preset })}
          >
            <LuFlaskConical /> Próba futtatása
          </Button>
          {onCancel && (
            <Button variant="outline" onClick={onCancel} disabled={check.isPending}>
              Mégse
            </Button>
          )}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          A próba minden sort összevet a bolttal, és megmutatja, mi változna. A katalógusban még semmit nem ír
          át.
        </Text>
      </Stack>
    </AdminPanel>
  );
}
