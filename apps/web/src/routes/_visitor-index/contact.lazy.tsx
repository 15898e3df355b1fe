import { createLazyFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/contact/contact-page';

export const Route = createLazyFileRoute('/_visitor-index/contact')({
  component: ContactPage,
});
