import type { TBanner } from '@shop/api/schemas';
import { useTRPC } from '../../lib/trpc';

/** Heroes and slides share their screens; this is what differs between them. */
export type BannerKind = 'hero' | 'sliders';

export const BANNER_SCREENS = {
  hero: {
    listPath: '/admin/other/hero',
    title: 'Kiemelt sávok',
    description:
      'A kezdőlap tetején álló nagy kiemelt sávok (hero). Ha van aktív, az üdvözlő sáv helyett ezek látszanak.',
    one: 'kiemelt sáv',
    newTitle: 'Új kiemelt sáv',
    unit: 'sáv',
  },
  sliders: {
    listPath: '/admin/other/sliders',
    title: 'Csúszkák',
    description: 'A kezdőlap körhintájának diái: 6 másodpercenként váltanak, sorrend szerint.',
    one: 'dia',
    newTitle: 'Új dia',
    unit: 'dia',
  },
} as const satisfies Record<BannerKind, Record<string, string>>;

/** The kind's procedures: hero and sliders answer the same shapes (schemas/banner.ts). */
export function useBannerApi(kind: BannerKind) {
  const trpc = useTRPC();
  return kind === 'hero' ? trpc.hero : (trpc.sliders as unknown as typeof trpc.hero);
}

export type BannerState = 'active' | 'scheduled' | 'expired' | 'disabled';

export const BANNER_STATE_LABELS: Record<BannerState, string> = {
  active: 'Aktív',
  scheduled: 'Időzítve',
  expired: 'Lejárt',
  disabled: 'Kikapcsolva',
};

export const BANNER_STATE_COLORS: Record<BannerState, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'orange',
  disabled: 'gray',
};

/** Why a banner shows or not: the server says whether it is active; its window says why not. */
export function bannerState(
  banner: Pick<TBanner, 'active' | 'enabled' | 'activeFrom' | 'activeTo'>,
): BannerState {
  if (banner.active) return 'active';
  if (!banner.enabled) return 'disabled';
  if (banner.activeTo && Date.parse(banner.activeTo) <= Date.now()) return 'expired';
  return 'scheduled';
}
