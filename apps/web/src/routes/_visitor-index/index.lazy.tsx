import { createLazyFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/catalog/home-page';

export const Route = createLazyFileRoute('/_visitor-index/')({
  component: HomePage,
});
