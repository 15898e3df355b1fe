import type { TBanner } from '@shop/api/schemas';
import { HeroBanners } from './hero-banners';
import { WelcomeBand } from './welcome-band';

/** The top of the home page: the active heroes, or the shop's own welcome while there are none. */
export function HomeTop({ heroes }: { heroes: TBanner[] }) {
  return heroes.length > 0 ? <HeroBanners heroes={heroes} /> : <WelcomeBand />;
}
