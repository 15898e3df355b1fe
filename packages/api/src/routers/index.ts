import { router } from '../trpc';
import { bookmarkRouter } from './bookmark';
import { categoryRouter } from './category';
import { customerRouter } from './customer';
import { descriptionRouter } from './description';
import { emailRouter } from './email';
import { emailSettingRouter } from './email-setting';
import { mediaRouter } from './media';
import { pageRouter } from './page';
import { productRouter } from './product';
import { propertyRouter } from './property';
import { userRouter } from './user';

export const appRouter = router({
  bookmarks: bookmarkRouter,
  category: categoryRouter,
  customer: customerRouter,
  description: descriptionRouter,
  email: emailRouter,
  emailsetting: emailSettingRouter,
  media: mediaRouter,
  page: pageRouter,
  product: productRouter,
  property: propertyRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
