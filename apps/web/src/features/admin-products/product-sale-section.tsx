import type { TProduct } from '@shop/api/schemas';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { ProductSection } from './product-section';
import { type SaleDraft, saleDraftOf } from './sale-draft';
import { SaleFields } from './sale-fields';

/** The product's own sale as typed; a new product has none. */
export function productSaleFields(product: TProduct | null): SaleDraft {
  return saleDraftOf(product?.admin);
}

/** "Akciós ár" with its start and end: the shop sells at it in that window, on its own, on time. */
export function ProductSaleSection({
  value,
  onChange,
  errors,
}: {
  value: SaleDraft;
  onChange: (patch: Partial<SaleDraft>) => void;
  errors: FieldErrors;
}) {
  return (
    <ProductSection
      title="Akció"
      description="A megadott időszakban ez az ár él; a bolt a 30 napos legalacsonyabb ár mellett mutatja."
    >
      <SaleFields value={value} onChange={onChange} errors={errors} />
    </ProductSection>
  );
}
