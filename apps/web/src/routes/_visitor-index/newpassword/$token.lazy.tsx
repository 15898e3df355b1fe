import { createLazyFileRoute } from '@tanstack/react-router';
import { NewPasswordPage } from '../../../features/auth/new-password-page';

export const Route = createLazyFileRoute('/_visitor-index/newpassword/$token')({
  component: NewPasswordRoute,
});

function NewPasswordRoute() {
  const { token } = Route.useParams();
  return <NewPasswordPage key={token} token={token} />;
}
