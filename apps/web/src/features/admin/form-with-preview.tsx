import { Grid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AdminPanel } from './admin-page';
import { EditFormFooter } from './edit-form-footer';
import { EditForm } from './edit-page/edit-form';
import type { EditFormState } from './edit-page/use-edit-form';
import { PreviewLabel } from './preview-label';

/**
 * An edit form beside a live preview of what the shop will show (a banner, the popup): the fields with
 * the save footer, and on a wide screen the preview to their right, following every keystroke.
 */
export function FormWithPreview({
  edit,
  preview,
  children,
}: {
  edit: EditFormState;
  /** The shop's own component, fed with the form's values as they stand. */
  preview: ReactNode;
  children: ReactNode;
}) {
  return (
    <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="4" alignItems="start">
      <AdminPanel asChild p={{ base: '4', md: '6' }}>
        <EditForm edit={edit}>
          <Stack gap="5">
            {children}
            <EditFormFooter {...edit.footer} />
          </Stack>
        </EditForm>
      </AdminPanel>
      <AdminPanel p={{ base: '4', md: '6' }} aria-label="Előnézet">
        <PreviewLabel mb="3">Előnézet</PreviewLabel>
        {preview}
      </AdminPanel>
    </Grid>
  );
}
