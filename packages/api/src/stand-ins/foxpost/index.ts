export { LABEL_PAGE_SIZES, type LabelPageSize } from './label-pdf';
export { type StartedFoxpostStandIn, startFoxpostStandIn } from './server';
export { createFoxpostStandIn, type FoxpostStandIn, type FoxpostStandInOptions } from './stand-in';
export { type FieldError, type FieldErrorCode, FOXPOST_PHONE } from './validation';
