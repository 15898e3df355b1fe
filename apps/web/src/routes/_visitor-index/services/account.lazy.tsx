import { createLazyFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../features/account/account-page';

export const Route = createLazyFileRoute('/_visitor-index/services/account')({
  component: AccountRoute,
});

function AccountRoute() {
  const { tab } = Route.useSearch();
  return <AccountPage tab={tab} />;
}
