import { createFileRoute } from '@tanstack/react-router';

/** The link of a quote e-mail (beyond the spec's routes); the screen is in the .lazy file. */
export const Route = createFileRoute('/_visitor-index/quote/$token')({});
