// No zod here: the web client's tRPC link reads this on the first page load, which must stay small.

/**
 * Most procedure calls one tRPC request may batch: the shop's busiest screen batches a handful, and one
 * request running hundreds of procedures would hold a server for everyone else. The web client's batch
 * link splits at the same size.
 */
export const MAX_BATCH_SIZE = 20;

/** The most of one product a cart line may hold (and the highest quantity a price tier may start at). */
export const MAX_LINE_QUANTITY = 10_000;
