export { renderInvoicePdf } from './invoice-pdf';
export { type StartedSzamlazzStandIn, startSzamlazzStandIn } from './server';
export {
  createSzamlazzStandIn,
  type StandInSeller,
  type SzamlazzStandIn,
  type SzamlazzStandInOptions,
  VAT_CODES,
} from './stand-in';
export { isValidHungarianTaxNumber } from './tax-number';
