import { createLazyFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../../features/catalog/listing-page';

export const Route = createLazyFileRoute('/_visitor-index/featured')({
  component: FeaturedPage,
});

function FeaturedPage() {
  return (
    <ListingPage
      title="Kiemelt termékek"
      intro="Kedvenceink és a szezon legkeresettebb darabjai."
      scope={{ featured: true }}
      search={Route.useSearch()}
    />
  );
}
