import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';

const body = (slug: string): string => {
  const page = PAGES.find((candidate) => candidate.slug === slug);
  if (!page) throw new Error(`no seeded page ${slug}`);
  return page.body;
};

// The notices must name every service that receives a visitor's data (GDPR 13. cikk), or the
// consent the banner asks for is not informed.
describe('the privacy notices', () => {
  it('name Google Analytics 4 and the Meta Pixel with Conversions API, their consents and the transfer to the USA', () => {
    const privacy = body('adatkezelesi-tajekoztato');
    expect(privacy).toContain('Google Analytics 4');
    expect(privacy).toContain('Google Ireland Ltd.');
    expect(privacy).toContain('Consent Mode');
    expect(privacy).toContain('Meta Pixel és Conversions API');
    expect(privacy).toContain('Meta Platforms Ireland Ltd.');
    expect(privacy).toContain('EU–US Data Privacy Framework');
    expect(privacy).toContain('Amerikai Egyesült Államokba');
    expect(privacy).toContain('bolt üzemeltetője a beállításokban bekapcsolja');
    expect(privacy).not.toContain('harmadik országba nem továbbítjuk');
  });

  it('tell about the double opt-in newsletter and the review-request e-mail with its one-click opt-out', () => {
    const privacy = body('adatkezelesi-tajekoztato');
    expect(privacy).toContain('kettős megerősítés');
    expect(privacy).toContain('nyilvántartásban');
    expect(privacy).toMatch(/Bármikor, indoklás nélkül leiratkozhatsz/);
    expect(privacy).toContain('Értékelést kérő e-mail');
    expect(privacy).toContain('GDPR 6. cikk (1) f)');
    expect(privacy).toContain('egy kattintással leiratkozhatsz');
  });

  it('list both measuring services and the analytics-purchase keys on the cookie page', () => {
    const cookies = body('cookie-tajekoztato');
    expect(cookies).toContain('Statisztika – Google Analytics 4');
    expect(cookies).toContain('Marketing – Meta Pixel és Conversions API');
    expect(cookies).toContain('Marketing – Barion Pixel');
    expect(cookies).toContain('<strong>analytics-purchase:*</strong>');
  });
});
