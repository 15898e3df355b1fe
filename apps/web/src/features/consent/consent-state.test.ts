// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeConsentSettings, saveConsent } from './consent-choice';
import { CONSENT_DECIDED_ATTRIBUTE } from './consent-policy';
import {
  CONSENT_MAX_AGE_MS,
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  hasMarketingConsent,
  onConsentChange,
  openConsentSettings,
  readConsent,
} from './consent-state';

const store = (value: unknown) => window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(value));
const decided = (decidedAt: string, version = CONSENT_POLICY_VERSION) => ({
  id: '3f1c9f0e-6a0b-4c53-9a4f-2b7d51c0e8a1',
  statistics: false,
  marketing: true,
  version,
  decidedAt,
});

afterEach(() => window.localStorage.clear());

describe('the stored cookie choice', () => {
  it('counts while it is under the current policy and younger than 12 months', () => {
    const now = Date.parse('2027-06-01T10:00:00Z');
    store(decided(new Date(now - CONSENT_MAX_AGE_MS + 60_000).toISOString()));
    expect(readConsent(now)).toMatchObject({ marketing: true });
  });

  it('is asked again after 12 months or when the policy version changes', () => {
    const now = Date.parse('2027-06-01T10:00:00Z');
    store(decided(new Date(now - CONSENT_MAX_AGE_MS - 1).toISOString()));
    expect(readConsent(now)).toBeNull();
    store(decided(new Date(now).toISOString(), '2020-01-01'));
    expect(readConsent(now)).toBeNull();
  });

  it('treats a malformed entry as no decision', () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, '{nem json');
    expect(readConsent()).toBeNull();
    store({ marketing: 'igen' });
    expect(readConsent()).toBeNull();
    expect(hasMarketingConsent()).toBe(false);
  });

  it('keeps the consent id across decisions and tells its listeners', () => {
    const listener = vi.fn();
    const stop = onConsentChange(listener);
    const first = saveConsent({ statistics: true, marketing: true });
    const second = saveConsent({ statistics: false, marketing: false });
    stop();
    expect(second.id).toBe(first.id);
    expect(JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? '')).toMatchObject({
      id: first.id,
      statistics: false,
      marketing: false,
      version: CONSENT_POLICY_VERSION,
    });
    expect(hasMarketingConsent()).toBe(false);
    expect(listener).toHaveBeenCalled();
    const heard = listener.mock.calls.length;
    openConsentSettings();
    expect(listener, 'unsubscribed').toHaveBeenCalledTimes(heard);
  });

  it('marks <html> while a decision counts and the banner is closed, so CSS keeps a redrawn banner hidden', () => {
    const html = document.documentElement;
    html.removeAttribute(CONSENT_DECIDED_ATTRIBUTE);
    saveConsent({ statistics: false, marketing: false });
    expect(html.hasAttribute(CONSENT_DECIDED_ATTRIBUTE)).toBe(true);
    openConsentSettings();
    expect(html.hasAttribute(CONSENT_DECIDED_ATTRIBUTE), 'settings reopened').toBe(false);
    closeConsentSettings();
    expect(html.hasAttribute(CONSENT_DECIDED_ATTRIBUTE), 'closed again without a new choice').toBe(true);
    window.localStorage.clear();
    openConsentSettings();
    closeConsentSettings();
    expect(html.hasAttribute(CONSENT_DECIDED_ATTRIBUTE), 'no decision stored').toBe(false);
  });
});
