import { IconButton } from '@chakra-ui/react';
import type { TCategoryTreeNode } from '@shop/api/schemas';
import { lazy, Suspense, useRef } from 'react';
import { LuMenu } from 'react-icons/lu';
import { writeDrawerOpen } from '../../lib/storage';
import { useDrawerOpen } from '../../lib/use-storage';

// The drawer (dialog machine, focus trap) is not needed for the first paint: it loads on first use.
const MobileMenuDrawer = lazy(() =>
  import('./lazy-menus').then((module) => ({ default: module.MobileMenuDrawer })),
);

/**
 * Mobile navigation; the drawer's open state lives in localStorage (the specification's key `drawer`, see
 * STORAGE_KEYS), so it survives a reload.
 */
export function MobileMenu({ tree }: { tree: TCategoryTreeNode[] }) {
  const open = useDrawerOpen();
  const button = useRef<HTMLButtonElement>(null);
  // Stays mounted after the first opening, so closing can animate.
  const used = useRef(false);
  if (open) used.current = true;

  return (
    <>
      <IconButton
        ref={button}
        variant="ghost"
        aria-label="Menü megnyitása"
        aria-haspopup="dialog"
        aria-expanded={open}
        hideFrom="md"
        size="md"
        onClick={() => writeDrawerOpen(true)}
        // Fetch the drawer as soon as a finger lands, so it is there when the tap completes.
        onPointerDown={() => void import('./lazy-menus')}
      >
        <LuMenu />
      </IconButton>
      {used.current && (
        <Suspense fallback={null}>
          <MobileMenuDrawer tree={tree} finalFocus={() => button.current} />
        </Suspense>
      )}
    </>
  );
}
