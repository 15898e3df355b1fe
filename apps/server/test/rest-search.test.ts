import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixture, seedCatalogue } from './catalogue-fixtures';
import { api, startTestServer, type TestServer } from './test-server';

type Card = { id: number; slug: string; title: string; price: number; inStock: boolean };
type Suggestions = {
  spelling: string | null;
  categories: { id: number; title: string; path: string; urlPath: string }[];
  popular: Card[];
};
type Filtered = { items: Card[]; total: number; suggestions: Suggestions | null };
type Json = Record<string, unknown>;

let server: TestServer;
let fixture: CatalogueFixture;

beforeAll(async () => {
  server = await startTestServer();
  fixture = await seedCatalogue(server.database.prisma);
});
afterAll(() => server?.close());

const search = (query: string) =>
  api<Filtered>(server, 'POST', '/api/product/filters', { body: { query, page: 1, pageSize: 24 } });

describe('POST /api/product/filters: suggestions for a search that finds nothing', () => {
  it('answers the closest spelling, the categories named like it and products to look at, in the documented shape', async () => {
    const { status, body } = await search('vögte');
    expect(status).toBe(200);
    expect(body.total).toBe(0);
    expect(body.items).toEqual([]);
    expect(body.suggestions).toEqual({
      spelling: 'bögre',
      categories: [
        { id: fixture.mugs.id, title: 'Bögrék', path: 'Konyha » Bögrék', urlPath: 'konyha/bogrek' },
      ],
      popular: expect.arrayContaining([
        expect.objectContaining({ id: fixture.mug.id, slug: fixture.mug.pretty }),
      ]),
    });
    // Only what a shopper may open: no disabled product, no hidden category.
    const popular = body.suggestions!.popular.map((card) => card.id);
    expect(popular).not.toContain(fixture.disabled.id);
    expect(body.suggestions!.categories.map((category) => category.id)).not.toContain(fixture.hidden.id);

    const corrected = await search(body.suggestions!.spelling!);
    expect(corrected.body.items.map((card) => card.id)).toContain(fixture.mug.id);
    expect(corrected.body.suggestions).toBeNull();
  });

  it('answers null suggestions when the search finds something or there is no search text', async () => {
    expect((await search('bögre')).body.suggestions).toBeNull();
    const listing = await api<Filtered>(server, 'POST', '/api/product/filters', {
      body: { category: fixture.mugs.id, page: 1, pageSize: 24 },
    });
    expect(listing.status).toBe(200);
    expect(listing.body.suggestions).toBeNull();
  });

  it('describes the suggestions in Hungarian in the OpenAPI document', async () => {
    const document = (await api<Json>(server, 'GET', '/api/openapi.json')).body;
    const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
    const suggestions = schemas.SearchSuggestions as {
      description: string;
      properties: Record<string, Json>;
    };
    expect(suggestions.description).toMatch(/egyetlen terméket sem talált/);
    expect(Object.keys(suggestions.properties).sort()).toEqual(['categories', 'popular', 'spelling']);
    expect(suggestions.properties.spelling!.description).toMatch(/Erre gondoltál/);
  });
});
