import { lazy, Suspense } from 'react';
import { useConsentDecided } from '../consent/consent-state';

const ShopPopup = lazy(() => import('./shop-popup'));

/**
 * On every shop page: the popup's code and data load only once the cookie banner has its answer and
 * is closed (the popup must never cover it), so neither is part of the shop's first load.
 */
export function PopupGate() {
  if (!useConsentDecided()) return null;
  return (
    <Suspense fallback={null}>
      <ShopPopup />
    </Suspense>
  );
}
