import { createFileRoute } from '@tanstack/react-router';

/** Spec layout admin-index (the sign-in gate); its screen is code-split into the .lazy file. */
export const Route = createFileRoute('/_admin-index')({});
