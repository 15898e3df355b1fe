import { Button, Flex } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';

/** The bottom row of an admin edit form: delete on the left (when allowed), save or create on the right. */
export function EditFormFooter({
  isNew,
  saving,
  onDelete,
}: {
  isNew: boolean;
  saving: boolean;
  onDelete?: () => void;
}) {
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
