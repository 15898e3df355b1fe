/**
 * The shop pages the server renders to HTML (issue #13): what shoppers land on from search engines,
 * shared links and ads. The cart, checkout, account and order screens depend on the shopper's session,
 * which lives in the browser's storage, so they stay client-rendered; so does the admin.
 */
export const SERVER_RENDERED_ROUTES: ReadonlySet<string> = new Set([
  '/_visitor-index/',
  '/_visitor-index/$',
  '/_visitor-index/category/$',
  '/_visitor-index/product/',
  '/_visitor-index/product/$',
  '/_visitor-index/search/$',
  '/_visitor-index/featured',
  '/_visitor-index/blog/',
  '/_visitor-index/blog/$slug',
  '/_visitor-index/info/$',
  '/_visitor-index/page/$slug',
  '/_visitor-index/contact',
]);
