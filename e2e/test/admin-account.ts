/** The first admin the e2e server creates on its fresh database (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = {
  email: 'e2e-admin@kekbogre.hu',
  password: 'E2e-Teszt-Jelszo-2026',
} as const;
