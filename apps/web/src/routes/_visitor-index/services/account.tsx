import { createFileRoute } from '@tanstack/react-router';
import { parseAccountSearch } from '../../../features/account/account-search';

/**
 * Route services-account (README.md, "Routes"). The screen (and the zod schemas of its forms) is in the .lazy
 * file.
 */
export const Route = createFileRoute('/_visitor-index/services/account')({
  validateSearch: parseAccountSearch,
});
