import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/catalog/home-page';

/** Spec §2 index: /. The visitor layout's loader already holds the category tree it shows. */
export const Route = createFileRoute('/_visitor-index/')({
  component: HomePage,
});
