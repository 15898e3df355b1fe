import { router } from '../trpc';
import { abandonedCartRouter } from './abandoned-cart';
import { analyticsRouter } from './analytics';
import { apiKeyRouter } from './api-key';
import { backupRouter } from './backup';
import { barionPixelRouter } from './barion-pixel';
import { blogPostRouter } from './blog-post';
import { bookmarkRouter } from './bookmark';
import { cartRouter } from './cart';
import { catalogueRouter } from './catalogue';
import { categoryRouter } from './category';
import { checkoutRouter } from './checkout';
import { consentRouter } from './consent';
import { contactRouter } from './contact';
import { customerRouter } from './customer';
import { dashboardRouter } from './dashboard';
import { descriptionRouter } from './description';
import { emailRouter } from './email';
import { emailSettingRouter } from './email-setting';
import { feedRouter } from './feed';
import { heroRouter } from './hero';
import { invoiceRouter } from './invoice';
import { mediaRouter } from './media';
import { newsletterRouter } from './newsletter';
import { orderRouter } from './order';
import { pageRouter } from './page';
import { carrierRouter } from './parcel';
import { pickupPointRouter } from './pickup-point';
import { popupRouter } from './popup';
import { productRouter } from './product';
import { productImportRouter } from './product-import';
import { promotionRouter } from './promotion';
import { propertyRouter } from './property';
import { quoteRouter } from './quote';
import { reviewRouter } from './review';
import { shopRouter } from './shop';
import { slidersRouter } from './sliders';
import { staffRouter } from './staff';
import { userRouter } from './user';
import { webhookRouter } from './webhook';
import { workQueueRouter } from './work-queue';

export const appRouter = router({
  abandonedCart: abandonedCartRouter,
  analytics: analyticsRouter,
  apikey: apiKeyRouter,
  backup: backupRouter,
  barionPixel: barionPixelRouter,
  blogpost: blogPostRouter,
  bookmarks: bookmarkRouter,
  carrier: carrierRouter,
  cart: cartRouter,
  catalogue: catalogueRouter,
  category: categoryRouter,
  checkout: checkoutRouter,
  contact: contactRouter,
  consent: consentRouter,
  customer: customerRouter,
  dashboard: dashboardRouter,
  description: descriptionRouter,
  email: emailRouter,
  emailsetting: emailSettingRouter,
  feed: feedRouter,
  hero: heroRouter,
  invoice: invoiceRouter,
  media: mediaRouter,
  newsletter: newsletterRouter,
  order: orderRouter,
  page: pageRouter,
  pickupPoint: pickupPointRouter,
  popup: popupRouter,
  productImport: productImportRouter,
  promotion: promotionRouter,
  product: productRouter,
  property: propertyRouter,
  quote: quoteRouter,
  review: reviewRouter,
  shop: shopRouter,
  staff: staffRouter,
  sliders: slidersRouter,
  user: userRouter,
  webhook: webhookRouter,
  workQueue: workQueueRouter,
});

export type AppRouter = typeof appRouter;
