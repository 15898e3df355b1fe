import { ScreenSkeleton } from '../components/screen-skeleton';
import type { ShopRouter } from '../router';
import { SERVER_RENDERED_ROUTES } from './server-rendered-routes';

/** The shop's own screens: everything under the visitor layout (its header and footer). */
const VISITOR_ROUTE = '/_visitor-index/';

/** A shop screen the server paints as its frame: header, footer and a skeleton where the screen goes. */
export const isFramedScreen = (routeId: string): boolean =>
  routeId.startsWith(VISITOR_ROUTE) && !SERVER_RENDERED_ROUTES.has(routeId);

/**
 * The cart, checkout, account and order screens show what lives in the shopper's browser, which the
 * server cannot see. Marked `ssr: false`, the router skips their loaders on the server and renders
 * their pending component (the skeleton) there and while the browser hydrates; the screen itself
 * follows once the app is awake. The page is never blank while the app loads.
 */
export function frameClientScreens(router: ShopRouter): void {
  for (const route of Object.values(router.routesById)) {
    if (!isFramedScreen(route.id) || route.options.ssr === false) continue;
    route.update({ ssr: false, pendingComponent: route.options.pendingComponent ?? ScreenSkeleton });
  }
}
