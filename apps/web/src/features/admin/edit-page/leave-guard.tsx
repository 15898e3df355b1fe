import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * Asks before a link, the back button or closing the tab throws away what the admin typed. `isDirty`
 * is read at the moment of leaving, so a save or a delete that navigates on its own is never asked about.
 */
export function LeaveGuard({ isDirty }: { isDirty: () => boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && isDirty(),
    enableBeforeUnload: isDirty,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title="Kilépsz mentés nélkül?"
      confirmLabel="Kilépés mentés nélkül"
      cancelLabel="Maradok"
      loading={false}
      onConfirm={() => blocker.proceed?.()}
    >
      A módosításaid még nincsenek mentve. Ha most továbblépsz, elvesznek.
    </ConfirmDialog>
  );
}
