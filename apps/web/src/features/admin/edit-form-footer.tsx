import { Button, Flex, Text } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';

/**
 * The bottom row of an admin edit form: delete on the left (when allowed), save or create on the
 * right. A role that may only read gets neither, and a word that the form is for looking at.
 */
export function EditFormFooter({
  isNew,
  saving,
  onDelete,
  readOnly = false,
}: {
  isNew: boolean;
  saving: boolean;
  onDelete?: () => void;
  readOnly?: boolean;
}) {
  if (readOnly) return <ReadOnlyFooter />;
  return (
    <Flex justify="space-between" gap="2" borderTopWidth="1px" pt="4" wrap="wrap">
      {onDelete ? (
        <Button variant="ghost" colorPalette="red" onClick={onDelete}>
          <LuTrash2 /> Törlés
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" colorPalette="brand" loading={saving}>
        {isNew ? 'Létrehozás' : 'Mentés'}
      </Button>
    </Flex>
  );
}

/** In place of the save row for a role that may only read. */
export function ReadOnlyFooter() {
  return (
    <Flex justify="flex-end" borderTopWidth="1px" pt="4">
      <Text fontSize="sm" color="fg.muted">
        Csak megtekintés
      </Text>
    </Flex>
  );
}
