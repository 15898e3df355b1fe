import type { TProduct, TProductVariant } from '../schemas';
import { foldText } from './catalogue/in-memory-index';

/**
 * Structured data of a product sold in variants, as Google reads it (Search Central, "Product variant
 * structured data"): one schema.org `ProductGroup` with `productGroupID`, `variesBy` and `hasVariant`,
 * each variant a `Product` with its own sku, gtin, picture and offer. The shop is a single-page one:
 * every variant is the product page with `?variant=<id>`, which preselects it (the offer's url).
 */

const SCHEMA = 'https://schema.org';

/** The variant-defining properties Google knows, by the option's (accent-free) Hungarian or English name. */
const VARIES_BY: Record<string, 'color' | 'size' | 'material' | 'pattern'> = {
  szin: 'color',
  color: 'color',
  colour: 'color',
  meret: 'size',
  size: 'size',
  anyag: 'material',
  material: 'material',
  minta: 'pattern',
  pattern: 'pattern',
};

const propertyOf = (optionTitle: string) => VARIES_BY[foldText(optionTitle.trim())];

/** The address of a product page that shows one variant. */
export function variantUrl(productUrl: string, variantId: number): string {
  return `${productUrl}?variant=${variantId}`;
}

/** The enabled variant an address names, or null (none named, or not one of this product's). */
export function variantOfPage(product: TProduct, variantId: number | undefined): TProductVariant | null {
  if (variantId === undefined) return null;
  return product.variants.find((variant) => variant.id === variantId && variant.enabled) ?? null;
}

/** A picture of the product as an absolute address: the variant's own, else the product's first. */
export function pictureOf(
  product: TProduct,
  publicUrl: string,
  imageId: number | null = null,
): string | null {
  const image = product.images.find((entry) => entry.id === imageId) ?? product.images[0];
  return image ? `${publicUrl}${image.full}` : null;
}

export function productGroupJsonLd(
  product: TProduct,
  page: { url: string; publicUrl: string; description: string },
): Record<string, unknown> {
  const options = product.options.map((option, index) => ({
    index,
    option,
    property: propertyOf(option.title),
  }));
  const valueTitle = (index: number, valueId: number | undefined) =>
    product.options[index]?.values.find((value) => value.id === valueId)?.title;
  const image = pictureOf(product, page.publicUrl);
  return {
    '@context': SCHEMA,
    '@type': 'ProductGroup',
    '@id': `${page.url}#termek`,
    name: product.title,
    description: page.description,
    url: page.url,
    productGroupID: product.kutiId ?? String(product.id),
    ...(image ? { image: [image] } : {}),
    variesBy: [...new Set(options.flatMap(({ property }) => (property ? [`${SCHEMA}/${property}`] : [])))],
    hasVariant: product.variants
      .filter((variant) => variant.enabled)
      .map((variant) => {
        const url = variantUrl(page.url, variant.id);
        const picture = pictureOf(product, page.publicUrl, variant.imageId);
        const known: Record<string, string> = {};
        const other: { '@type': 'PropertyValue'; name: string; value: string }[] = [];
        for (const { index, option, property } of options) {
          const value = valueTitle(index, variant.valueIds[index]);
          if (value === undefined) continue;
          if (property) known[property] = value;
          else other.push({ '@type': 'PropertyValue', name: option.title, value });
        }
        return {
          '@type': 'Product',
          name: `${product.title}, ${variant.title}`,
          ...(variant.kutiId ? { sku: variant.kutiId } : {}),
          ...(variant.ean ? { gtin: variant.ean } : {}),
          ...(picture ? { image: [picture] } : {}),
          ...known,
          ...(other.length > 0 ? { additionalProperty: other } : {}),
          offers: {
            '@type': 'Offer',
            url,
            price: variant.price,
            priceCurrency: 'HUF',
            availability: variant.inStock ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
            itemCondition: `${SCHEMA}/NewCondition`,
          },
        };
      }),
  };
}
