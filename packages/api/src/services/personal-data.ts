import type { Prisma } from '@shop/db';

/**
 * Where the shop keeps personal data of a customer, and what it does with each table: the one list that the
 * data export (`exportAccount`, GET /api/user/export) and account deletion (`removeUser`) follow.
 *
 * 1. A table is listed here when its rows say something about an identifiable customer: what they bought,
 *    wrote, chose or where they can be reached. test/personal-data.test.ts reads schema.prisma and fails for
 *    a model that looks personal (a relation to User, a field named like an e-mail, phone, name, address,
 *    tax or VAT number, bank account, IP or user agent, or a foreign key to a table listed here) unless it is
 *    here or in NOT_PERSONAL_DATA_TABLES with a reason. So a new table cannot skip the decision.
 * 2. `export` names the field of the export document that carries the table's rows (a dotted path through
 *    arrays: `orders.refunds` is every order's refunds), or says why the table is withheld from the
 *    self-service file (GDPR Art. 15(4): it would expose other people's data). A withheld table is still
 *    the customer's to ask for in writing; the shop answers it by hand after review.
 * 3. The export reads rows linked to the account (`userId`, or an order with that `userId`), never rows
 *    that merely carry the same e-mail address: an address is not proof of ownership, since an account
 *    could be opened with someone else's address, and the file would then hand out their guest orders.
 * 4. `erasure` is what deleting the account (own or by an admin) does with the table's rows of the person:
 *    `deleted`, `anonymised` (the row stays for the shop's accounts or statistics, what identifies the
 *    person goes), `pseudonymised` (the row stays with the person's address replaced by an unsalted hash:
 *    it no longer names them, but whoever knows the address can hash it and find the row, so it is still
 *    personal data, GDPR recital 26) or `kept` (a legal duty outweighs erasure, GDPR Art. 17(3)(b)). Orders and what
 *    documents their money are kept 8 years: the Hungarian accounting act (2000. évi C. tv. 169. §) makes
 *    the shop keep its accounting documents, invoices among them (Áfa tv. 169. §: the buyer's name, address
 *    and tax numbers are part of an invoice), that long.
 */
export type PersonalDataTable = {
  export: { field: string; reads: string } | { withheld: string };
  erasure: { action: 'deleted' | 'anonymised' | 'pseudonymised' | 'kept'; how: string };
};

/** How long orders and their accounting documents are kept (Számv. tv. 169. §), in years. */
export const ACCOUNTING_RETENTION_YEARS = 8;

const KEPT_WITH_ORDER = `kept with the order it belongs to, for ${ACCOUNTING_RETENTION_YEARS} years (accounting act)`;

export const PERSONAL_DATA_TABLES = {
  User: {
    export: {
      field: 'details',
      reads: 'the account: name, e-mail, phone, company, tax number, group, consents',
    },
    erasure: {
      action: 'anonymised',
      how: 'deleted when the account has no orders; otherwise its name, e-mail, phone, company, tax number, newsletter and group are replaced or cleared and it can never sign in, so the kept orders still have a customer',
    },
  },
  Address: {
    export: { field: 'addresses', reads: 'saved addresses with company, tax and EU VAT numbers' },
    erasure: { action: 'deleted', how: 'deleted' },
  },
  Session: {
    export: { field: 'sessions', reads: 'when each sign-in began, was last used and ends, and its browser' },
    erasure: { action: 'deleted', how: 'deleted: every device is signed out' },
  },
  PasswordResetToken: {
    export: { field: 'passwordResets', reads: 'when a reset was asked, until when it was valid, when used' },
    erasure: { action: 'deleted', how: 'deleted' },
  },
  TrustedDevice: {
    export: { field: 'trustedDevices', reads: 'when each browser was first trusted and last used' },
    erasure: { action: 'deleted', how: 'deleted' },
  },
  SignInFailure: {
    export: {
      withheld:
        'failed sign-ins to the address record the address of whoever tried, who need not be the customer',
    },
    erasure: {
      action: 'deleted',
      how: 'the failures recorded for the address and for the password check are deleted',
    },
  },
  Cart: {
    export: { field: 'cart', reads: 'the saved cart' },
    erasure: { action: 'deleted', how: 'deleted with its lines' },
  },
  CartLine: {
    export: { field: 'cart.lines', reads: 'products and quantities in the saved cart' },
    erasure: { action: 'deleted', how: 'deleted with the cart' },
  },
  Bookmark: {
    export: { field: 'bookmarks', reads: 'bookmarked products' },
    erasure: { action: 'deleted', how: 'deleted' },
  },
  ProductCustomerPrice: {
    export: {
      field: 'customerPrices',
      reads: 'prices and hidden products the shop set for this customer alone',
    },
    erasure: { action: 'deleted', how: 'deleted' },
  },
  Order: {
    export: {
      field: 'orders',
      reads:
        'orders placed while signed in: contact, shipping and billing data (EU VAT number too), pickup point, totals',
    },
    erasure: {
      action: 'anonymised',
      how: `${KEPT_WITH_ORDER}: buyer name, billing and shipping data and pickup point stay; contact e-mail, phone and the customer's own note go`,
    },
  },
  OrderLine: {
    export: { field: 'orders.lines', reads: 'what each order bought' },
    erasure: { action: 'kept', how: KEPT_WITH_ORDER },
  },
  OrderDiscount: {
    export: { field: 'orders.discounts', reads: 'promotions and coupon codes used' },
    erasure: {
      action: 'kept',
      how: `${KEPT_WITH_ORDER}; its customer key is the account id, not the address`,
    },
  },
  OrderStatusChange: {
    export: { field: 'orders.statusHistory', reads: 'the status history as the order page shows it' },
    erasure: { action: 'kept', how: KEPT_WITH_ORDER },
  },
  OrderShipment: {
    export: { field: 'orders.shipments', reads: 'carriers and tracking numbers' },
    erasure: { action: 'kept', how: KEPT_WITH_ORDER },
  },
  Parcel: {
    export: {
      field: 'orders.parcel',
      reads: 'the parcel handed to the carrier (the label is on the order page)',
    },
    erasure: { action: 'kept', how: `${KEPT_WITH_ORDER}, as the delivery's document` },
  },
  Payment: {
    export: { field: 'orders.payments', reads: 'payments received: provider, state, amount, times' },
    erasure: { action: 'kept', how: `${KEPT_WITH_ORDER}, as documents of money received` },
  },
  Refund: {
    export: { field: 'orders.refunds', reads: 'money given back, with the bank account a transfer went to' },
    erasure: {
      action: 'kept',
      how: `${KEPT_WITH_ORDER}: a refund is a payment out of the shop's books, and the account it went to documents it`,
    },
  },
  RefundLine: {
    export: { field: 'orders.refunds.lines', reads: 'which items a refund covered' },
    erasure: { action: 'kept', how: 'kept with its refund' },
  },
  Withdrawal: {
    export: {
      field: 'orders.withdrawals',
      reads: 'withdrawals (elállás): name, e-mail, reason, items, state',
    },
    erasure: {
      action: 'anonymised',
      how: `${KEPT_WITH_ORDER} as the record of the declaration and the refund it led to; the name, e-mail and free-text reason go`,
    },
  },
  Invoice: {
    export: {
      field: 'orders.invoices',
      reads: 'invoice and storno numbers, states, totals (the PDF is on the order page)',
    },
    erasure: { action: 'kept', how: `${KEPT_WITH_ORDER} (Áfa tv. 169. §: the invoice names the buyer)` },
  },
  EmailOutbox: {
    export: {
      field: 'orders.emails',
      reads:
        'the status e-mails of the own orders (subject, delivery), found through OrderStatusEmail: the outbox has no user link, and matching its recipient would hand out mail sent to the address before the account existed; the bodies repeat the exported order data and may hold sign-in links',
    },
    erasure: {
      action: 'deleted',
      how: 'every message to the address is deleted (the outbox is a delivery queue; sent mail is not the shop’s record)',
    },
  },
  OrderNote: {
    export: {
      withheld:
        "the shop staff's internal notes name the staff and may name other people; the customer never sees them on the order page either",
    },
    erasure: {
      action: 'anonymised',
      how: `${KEPT_WITH_ORDER}; the customer's e-mail address and phone number are cut out of the text`,
    },
  },
  OrderAuditEntry: {
    export: {
      withheld: "the staff's trail of their changes names the staff and repeats the internal notes",
    },
    erasure: {
      action: 'anonymised',
      how: `${KEPT_WITH_ORDER} as the shop's accountability record; the customer's e-mail address and phone number are taken out of its details`,
    },
  },
  ContactMessage: {
    export: { field: 'contactMessages', reads: 'messages sent while signed in' },
    erasure: {
      action: 'anonymised',
      how: 'the inquiry stays (with its status) as a count of work done; name, e-mail, phone, subject and text go',
    },
  },
  OfferRequest: {
    export: {
      field: 'offerRequests',
      reads: 'offer requests sent while signed in, with company and address',
    },
    erasure: { action: 'anonymised', how: 'the request stays with its lines and quotes; who sent it goes' },
  },
  OfferRequestLine: {
    export: { field: 'offerRequests.lines', reads: 'the products and quantities asked for' },
    erasure: { action: 'kept', how: 'kept with its anonymised request: products and quantities name nobody' },
  },
  Quote: {
    export: { field: 'quotes', reads: 'quotes made for the account' },
    erasure: {
      action: 'anonymised',
      how: 'the quote (and its prices, which an order may have used) stays; its e-mail address and note go, also for quotes sent to the address before the account',
    },
  },
  QuoteLine: {
    export: { field: 'quotes.lines', reads: 'the quoted products, quantities and prices' },
    erasure: { action: 'kept', how: 'kept with its anonymised quote' },
  },
  ConsentRecord: {
    export: { field: 'consents', reads: 'cookie choices made while signed in' },
    erasure: {
      action: 'anonymised',
      how: 'kept as proof of the consent (GDPR Art. 7(1)) under the browser’s random id only: the account link and the browser description go',
    },
  },
  StockNotification: {
    export: { field: 'stockNotifications', reads: 'back-in-stock requests made while signed in' },
    erasure: { action: 'deleted', how: 'deleted, also those the address left before signing in' },
  },
  Review: {
    export: {
      field: 'reviews',
      reads: 'product reviews written while signed in, with their moderation state',
    },
    erasure: { action: 'deleted', how: 'deleted: a review carries the person’s name and own words' },
  },
  NewsletterSubscription: {
    export: {
      field: 'newsletterSubscriptions',
      reads: 'the newsletter subscription of the account: address, state, source, consent version and times',
    },
    erasure: {
      action: 'deleted',
      how: 'withdrawn (recorded in the register) and deleted, also the subscription of the address made before the account was linked, so nothing is mailed to it again',
    },
  },
  NewsletterUnsubscribeToken: {
    export: {
      withheld:
        'hashes of the unsubscribe links in sent e-mails: they say nothing about the person the subscription does not',
    },
    erasure: { action: 'deleted', how: 'deleted with the subscription' },
  },
  NewsletterConsent: {
    export: {
      field: 'newsletterConsents',
      reads:
        'the consent register of the account: each request, confirmation and withdrawal with the text shown',
    },
    erasure: {
      action: 'pseudonymised',
      how: 'kept as proof of the consents the shop had (GDPR Art. 7(1), Grt. 6. §), with the address replaced by its unsalted SHA-256 hash and the account link gone: the register no longer names the person, but the hash of their known address still finds their rows, which is how they can still prove a consent',
    },
  },
  AbandonedCartReminder: {
    export: {
      field: 'abandonedCartReminders',
      reads: 'cart reminders sent about the account’s cart: the address, the products and quantities, when',
    },
    erasure: { action: 'deleted', how: 'deleted, also reminders sent to the address as a guest' },
  },
  GuestCartSnapshot: {
    export: {
      withheld:
        'a guest’s cart saved at checkout under an address, with no account link: an address proves no ownership (rule 3), and the row goes by itself after 7 days',
    },
    erasure: { action: 'deleted', how: 'the cart saved under the account’s address is deleted' },
  },
  PromotionCustomerUse: {
    export: {
      field: 'promotionUses',
      reads: 'how many orders used each promotion (counted for the account)',
    },
    erasure: { action: 'deleted', how: 'the counts for the account and for its address are deleted' },
  },
} as const satisfies Partial<Record<Prisma.ModelName, PersonalDataTable>>;

export type PersonalDataModel = keyof typeof PERSONAL_DATA_TABLES;

/**
 * Models the check of test/personal-data.test.ts flags (or that a reader might suspect) that hold no
 * personal data of a customer, each with the reason. The shop's own data, its staff's and its providers'
 * are not a customer's: GDPR Art. 15 and 20 give the customer their data, not the shop's bookkeeping.
 */
export const NOT_PERSONAL_DATA_TABLES = {
  Media: 'uploaded pictures and files of the catalogue; originalName is a file name',
  MediaVariant: 'renditions of the catalogue’s media; name is the rendition’s',
  CustomerGroup: 'a price group’s name and discount; whether a customer belongs to one is on User',
  StaffRole:
    'a role’s name and permissions for the shop’s staff; who holds one is on User (staff, not customers)',
  ShippingMethod: 'the shop’s shipping methods; orders copy the name they used',
  PaymentMethod: 'the shop’s payment methods; orders copy the name they used',
  PaymentSetting: 'the shop’s own Barion account and bank account',
  PaymentEvent:
    'the shop’s log of its exchange with the payment provider (transaction ids, provider states, amounts), kept with the payment; the exported payment says what it means for the customer',
  OrderStatusEmail:
    'which status e-mail an order already had, so none goes twice: the shop’s bookkeeping of its outbox, kept with the order; the e-mails themselves are exported through it',
  ReviewRequest:
    'which order’s buyer was already asked for a review, so none is asked twice, with the SHA-256 of the random key of that e-mail’s opt-out link: the shop’s bookkeeping of its outbox, like OrderStatusEmail',
  ReviewRequestOptOut:
    'unsalted SHA-256 hashes of addresses that opted out of review requests: pseudonymised, not anonymous, since the hash of a known address finds its row; they name no one otherwise and hold no customer data beyond the opt-out, which they must keep saying after an erasure',
  ReviewSetting: 'the shop’s switch and delay of the review-request e-mail',
  MetaConversion:
    'which paid order’s purchase was reported to Meta’s Conversions API, with its event id and send state: the shop’s bookkeeping of that queue, kept with the order (the SHA-256 hashes Meta receives, of the buyer’s e-mail, phone, first and last name, billing city and postcode (and of the country, hu), are built from the order when sent, never stored here)',
  NewsletterSyncItem:
    'a delivery queue of the newsletter list to MailerLite or Mailchimp, derived from NewsletterSubscription (listed): the address and the state last sent; an address that left the shop (account deleted) stays only until the provider is told it unsubscribed, then its row is deleted (services/newsletter/sync-worker.ts)',
  NewsletterSyncSetting: 'the shop’s newsletter provider, list id and sealed API key',
  AnalyticsSetting: 'the shop’s Google Analytics and Meta Pixel ids and its sealed Conversions API token',
  EmailTemplate: 'the shop’s e-mail texts',
  EmailSetting: 'the shop’s SMTP account and sender',
  ShopSetting: 'who runs the shop: the shop’s own name, address, tax number and contacts',
  ApiKey: 'an integration’s key; createdBy is the staff member who made it',
  PickupPoint: 'the carriers’ public pickup points; an order keeps its own snapshot of the chosen one',
  CarrierSetting: 'the shop’s accounts at the carriers',
  Backup: 'the shop’s backup runs; fileName names the backup file (a backup ages out with its retention)',
  Promotion: 'the shop’s promotions; who used them is PromotionCustomerUse and OrderDiscount',
  ProductImport: 'spreadsheets of products the staff uploaded',
  ProductImportRow: 'rows of a product import; name is a product’s',
  WebhookDelivery:
    'events sent to integrators carry ids, numbers, amounts and states, never a name or address (customer.changed has only the id); they age out with the delivery log',
  ChangeFeedEntry:
    'which entity ids changed when, for integrations polling the change feeds; no data of the entity',
  RateLimitBucket: 'short-lived counters of the request limits, reset within their window',
  SzamlazzStandInDocument:
    'the project’s stand-in for Számlázz.hu’s own books, used only when no Agent key is saved (development, demos); with a real account the provider keeps its invoices as the shop’s processor',
  FoxpostStandInParcel:
    'the project’s stand-in for Foxpost’s own system, used only when no Foxpost account is saved; with a real account the carrier keeps its parcels',
} as const satisfies Partial<Record<Prisma.ModelName, string>>;
