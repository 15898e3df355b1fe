import type { TOrder, TOrderShipment } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { shipmentCarrierLabel, shipmentTrackingUrl } from './order-shipments';

const shipment = (fields: Partial<TOrderShipment>): TOrderShipment => ({
  id: 1,
  trackingNumber: 'GLS-123456789',
  carrier: null,
  trackingUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

const parcel: NonNullable<TOrder['parcel']> = {
  parcelNumber: 'CLFOX0123456789',
  labelUrl: '/api/order/42/parcel/label',
  trackingUrl: 'https://www.foxpost.hu/csomagkovetes/?code=CLFOX0123456789',
};

describe('a tracking number on the shopper’s order page', () => {
  it('links its own tracking page, else the Foxpost parcel’s page for the parcel’s number only', () => {
    const gls = shipment({ trackingUrl: 'https://gls-group.com/HU/hu/csomagkovetes?match=123456789' });
    expect(shipmentTrackingUrl(gls, parcel)).toBe(gls.trackingUrl);
    expect(shipmentTrackingUrl(shipment({}), parcel)).toBeNull();
    expect(shipmentTrackingUrl(shipment({}), null)).toBeNull();
    expect(shipmentTrackingUrl(shipment({ trackingNumber: 'clfox0123456789' }), parcel)).toBe(
      parcel.trackingUrl,
    );
    const own = 'https://www.foxpost.hu/csomagkovetes/?code=CLFOX0123456789&lang=hu';
    expect(
      shipmentTrackingUrl(shipment({ trackingNumber: 'CLFOX0123456789', trackingUrl: own }), parcel),
    ).toBe(own);
  });

  it('names the shop’s own parcel carrier by its label and shows what the staff typed as typed', () => {
    expect(
      shipmentCarrierLabel(shipment({ trackingNumber: 'CLFOX0123456789', carrier: 'foxpost' }), parcel),
    ).toBe('Foxpost');
    expect(shipmentCarrierLabel(shipment({ carrier: 'mpl' }), parcel)).toBe('mpl');
    expect(shipmentCarrierLabel(shipment({ carrier: 'GLS' }), null)).toBe('GLS');
    expect(shipmentCarrierLabel(shipment({}), parcel)).toBeNull();
    expect(
      shipmentCarrierLabel(shipment({ trackingNumber: 'CLFOX0123456789', carrier: 'toString' }), parcel),
    ).toBe('toString');
  });
});
