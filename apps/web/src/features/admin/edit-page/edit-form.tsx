import { Alert, chakra, Fieldset, type HTMLChakraProps } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { missingAccessReason } from '../access';
import { LeaveGuard } from './leave-guard';
import type { EditFormState } from './use-edit-form';

/**
 * The `<form>` of an admin edit screen, around the screen's own fields: submits through the
 * scaffold, locks every field for a role that may only read (and says why), asks before leaving
 * with unsaved changes, and holds the delete confirmation. Style props pass on, so a panel can
 * draw it (`<AdminPanel asChild>`).
 */
export function EditForm({
  edit,
  children,
  ...rest
}: { edit: EditFormState } & Omit<HTMLChakraProps<'form'>, 'onSubmit'>) {
  return (
    <chakra.form
      onSubmit={edit.submit}
      noValidate
      onInputCapture={edit.touch}
      onChangeCapture={edit.touch}
      onClickCapture={edit.touch}
      {...rest}
    >
      {edit.readOnly && (
        <Alert.Root status="info" mb="4">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Csak megtekintheted, nem módosíthatod.</Alert.Title>
            <Alert.Description>{missingAccessReason(edit.permission)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {/* Chakra's fieldset, not a bare one: besides disabling the native controls, its context tells the
          fields that are no native control (the rich-text editor) that they are locked too. */}
      <Fieldset.Root unstyled disabled={edit.readOnly} minW="0" m="0" p="0" border="0">
        {children}
      </Fieldset.Root>
      <LeaveGuard isDirty={edit.isDirty} />
      {edit.removal && (
        <ConfirmDialog
          open={edit.removal.open}
          onOpenChange={edit.removal.setOpen}
          title={edit.removal.title}
          confirmLabel="Törlés"
          loading={edit.removal.pending}
          onConfirm={edit.removal.confirm}
        >
          {edit.removal.question}
        </ConfirmDialog>
      )}
    </chakra.form>
  );
}
