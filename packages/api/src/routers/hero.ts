import { router } from '../trpc';
import { bannerProcedures } from './banner-procedures';

export const heroRouter = router(
  bannerProcedures({ kind: 'hero', path: '/hero', tag: 'Kezdőlap', one: 'Hero', many: 'Hero elemek' }),
);
