import type { Shape } from '../images';

export type BannerSeed = {
  title: string;
  body: string;
  link: string;
  /** The banner's button; none: the shop's default („Részletek”). */
  buttonLabel?: string;
  shapes: readonly Shape[];
};

export const HEROES: readonly BannerSeed[] = [
  {
    title: 'Bögrék minden reggelre',
    body: 'Porcelán és kézműves kerámia bögrék hazai műhelyekből.',
    link: '/category/konyha/bogrek-es-cseszek',
    buttonLabel: 'Bögrék megtekintése',
    shapes: ['mug', 'teacup'],
  },
  {
    title: 'Meleg fények, finom illatok',
    body: 'Szójaviasz illatgyertyák és mécsesek a hosszú estékre.',
    link: '/category/lakberendezes/gyertyak-es-illatok',
    buttonLabel: 'Gyertyák',
    shapes: ['candle', 'tealight'],
  },
  {
    title: 'Ajándék, ami szívből jön',
    body: 'Névre szóló bögrék, gravírozott deszkák és ajándékcsomagok.',
    link: '/category/ajandek-otletek',
    buttonLabel: 'Ajándékötletek',
    shapes: ['gift'],
  },
];

/** Sliders without dates always run; the seasonal one runs from `activeFromDays` to `activeToDays` after the seed. */
export const SLIDERS: readonly (BannerSeed & { activeFromDays?: number; activeToDays?: number })[] = [
  {
    title: 'Ingyenes szállítás 20 000 Ft felett',
    body: 'GLS házhozszállítással, az ország egész területén.',
    link: '/page/szallitasi-informaciok',
    shapes: ['gift'],
  },
  {
    title: 'Téli hangulat a konyhában',
    body: 'Karácsonyi bögrék, mézeskalács és forralt boros poharak.',
    link: '/category/ajandek-otletek/unnepi-ajandekok/karacsonyi-ajandekok',
    shapes: ['mug', 'cookie'],
    activeFromDays: -7,
    activeToDays: 45,
  },
  {
    title: 'Termelői méz és házi lekvár',
    body: 'Magyar gyümölcsből, tartósítószer nélkül.',
    link: '/category/kamra-es-csemege/lekvarok-es-mezek',
    shapes: ['jar'],
  },
];

export const POPUP = {
  // Only what an account really gives: saved addresses, order history, favourites.
  title: 'Fiókkal gyorsabb a vásárlás',
  body: '<p>Regisztrálj: elmentjük a címeidet, a fiókodban követheted a rendeléseidet, és a kedvenc termékeidet is félreteheted.</p>',
  link: '/services/registration',
};
