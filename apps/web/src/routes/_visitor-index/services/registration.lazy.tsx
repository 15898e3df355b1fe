import { createLazyFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '../../../features/auth/registration-page';

export const Route = createLazyFileRoute('/_visitor-index/services/registration')({
  component: RegistrationPage,
});
