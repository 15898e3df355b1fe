import { Button, type ButtonProps } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuFileText } from 'react-icons/lu';
import type { OfferLine } from './offer-dialog';

// The form (and zod with it) loads only when a shopper asks for an offer.
const OfferDialog = lazy(() => import('./offer-dialog'));

/**
 * "Árajánlatot kérek" on the product page and in the cart, prefilled with those products. `lines`
 * answers null while there is nothing to ask about yet (a variant not chosen; it says so itself).
 */
export function OfferButton({ lines, ...button }: { lines: () => OfferLine[] | null } & ButtonProps) {
  const [open, setOpen] = useState(false);
  const [initialLines, setInitialLines] = useState<OfferLine[]>([]);
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          const asked = lines();
          if (!asked) return;
          setInitialLines(asked);
          setOpen(true);
        }}
        {...button}
      >
        <LuFileText /> Árajánlatot kérek
      </Button>
      {open && (
        <Suspense fallback={null}>
          <OfferDialog open={open} onOpenChange={setOpen} initialLines={initialLines} />
        </Suspense>
      )}
    </>
  );
}
