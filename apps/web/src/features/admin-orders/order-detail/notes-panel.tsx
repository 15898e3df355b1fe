import { Box, Button, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { ZOrderNoteInput } from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DescribedFieldRoot } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTRPC } from '../../../lib/trpc';
import { type Detail, Panel } from './panel';

export function NotesPanel({ detail }: { detail: Detail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const { errors, validate, failWith } = useZodForm(ZOrderNoteInput);
  const add = useMutation(
    trpc.order.addNote.mutationOptions({
      onSuccess: () => {
        setText('');
        void queryClient.invalidateQueries(trpc.order.adminById.queryFilter({ id: detail.order.id }));
      },
      ...failWith('A jegyzet mentése nem sikerült.'),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ id: detail.order.id, text });
    if (input) add.mutate(input);
  };
  return (
    <Panel title="Belső jegyzetek">
      <form onSubmit={onSubmit} noValidate aria-label="Új belső jegyzet">
        <DescribedFieldRoot invalid={Boolean(errors.text)}>
          <Field.Label srOnly>Új jegyzet</Field.Label>
          <Textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="A vásárló nem látja, csak a bolt munkatársai."
            rows={2}
          />
          <Field.ErrorText>{errors.text}</Field.ErrorText>
        </DescribedFieldRoot>
        <Flex justify="flex-end" mt="2">
          <Button type="submit" size="sm" variant="subtle" colorPalette="brand" loading={add.isPending}>
            Jegyzet hozzáadása
          </Button>
        </Flex>
      </form>
      <Stack gap="3" mt="3">
        {detail.notes.map((note) => (
          <Box key={note.id} fontSize="sm" borderTopWidth="1px" pt="2">
            <Text whiteSpace="pre-wrap">{note.text}</Text>
            <Text fontSize="xs" color="fg.muted">
              {note.author?.name ?? 'Törölt felhasználó'} · {formatDateTime(note.createdAt)}
            </Text>
          </Box>
        ))}
      </Stack>
    </Panel>
  );
}
