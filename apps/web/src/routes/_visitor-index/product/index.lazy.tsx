import { createLazyFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../../../features/catalog/listing-page';

export const Route = createLazyFileRoute('/_visitor-index/product/')({
  component: AllProductsPage,
});

function AllProductsPage() {
  return (
    <ListingPage
      title="Összes termék"
      intro="A webáruház teljes kínálata: szűrj tulajdonság, ár és készlet szerint."
      scope={{}}
      search={Route.useSearch()}
    />
  );
}
