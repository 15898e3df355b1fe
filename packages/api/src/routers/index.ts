import { router } from '../trpc';
import { categoryRouter } from './category';
import { descriptionRouter } from './description';
import { pageRouter } from './page';
import { userRouter } from './user';

export const appRouter = router({
  category: categoryRouter,
  description: descriptionRouter,
  page: pageRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
