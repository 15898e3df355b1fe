/**
 * What the services tell the server's metrics (apps/server/src/observability/metrics.ts) without
 * knowing about Prometheus: a call to an outside provider failed, the catalogue index was rebuilt.
 * A listener that throws is the server's bug, never the caller's, so its failure is swallowed.
 */
export type Provider = 'barion' | 'foxpost' | 'szamlazz' | 'pickup-feed';

export type ShopEvents = {
  /** `operation`: the provider's endpoint with ids replaced (`/v4/Payment/{id}/PaymentState`), or a host. */
  providerCallFailed(provider: Provider, operation: string): void;
  catalogueBuilt(durationSeconds: number, products: number): void;
};

const listeners = new Set<Partial<ShopEvents>>();

/** Adds a listener; the answer removes it again. */
export function listenToShopEvents(listener: Partial<ShopEvents>): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit<Name extends keyof ShopEvents>(name: Name, ...args: Parameters<ShopEvents[Name]>): void {
  for (const listener of listeners) {
    try {
      (listener[name] as ((...values: Parameters<ShopEvents[Name]>) => void) | undefined)?.(...args);
    } catch {
      // A metrics listener must never fail a payment or a page.
    }
  }
}

/** A path segment that names one thing (a payment id, a parcel's barcode) rather than an endpoint. */
const ID_SEGMENT = /^(\d+|(?=.*\d)[\w-]{8,})$/;

/** The endpoint part of a provider's path, with ids as `{id}`, so a metric's labels stay few. */
export function endpointOf(path: string): string {
  const [pathname = ''] = path.split('?');
  return pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? '{id}' : segment))
    .join('/');
}

export function reportProviderCallFailed(provider: Provider, operation: string): void {
  emit('providerCallFailed', provider, operation);
}

export function reportCatalogueBuilt(durationSeconds: number, products: number): void {
  emit('catalogueBuilt', durationSeconds, products);
}
