import { createFileRoute } from '@tanstack/react-router';

/**
 * Route newpassword-token (README.md, "Routes"): the link of the password-reset e-mail; the form is in the
 * .lazy file.
 */
export const Route = createFileRoute('/_visitor-index/newpassword/$token')({});
