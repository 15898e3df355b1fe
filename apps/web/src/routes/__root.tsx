import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page';
import { NotFoundPage } from '../components/not-found-page';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
