/** The operator's details shown in the header and footer; they match the demo seed's company data. */
export const SHOP_INFO = {
  name: 'Kék Bögre',
  fullName: 'Kék Bögre Webáruház',
  company: 'Kék Bögre Kft.',
  address: '1065 Budapest, Bögre utca 12.',
  email: 'info@kekbogre.hu',
  phone: '+36 1 234 5678',
  taxNumber: '12345678-2-42',
  companyRegistration: '01-09-123456',
  openingHours: 'munkanapokon 9–17 óráig',
} as const;

export const pageTitle = (title?: string): string =>
  title ? `${title} | ${SHOP_INFO.fullName}` : SHOP_INFO.fullName;
