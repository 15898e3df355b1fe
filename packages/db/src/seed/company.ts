// The fictional company behind the demo shop; pages and e-mails quote it, so
// it is written down once.
export const COMPANY = {
  shopName: 'Kék Bögre Webáruház',
  name: 'Kék Bögre Kft.',
  address: '1065 Budapest, Bögre utca 12.',
  pickupAddress: '1065 Budapest, Bögre utca 12. (udvari bejárat)',
  pickupHours: 'hétfőtől péntekig 10 és 18 óra között',
  taxNumber: '12345678-2-42',
  euTaxNumber: 'HU12345678',
  registrationNumber: '01-09-123456',
  registrationCourt: 'Fővárosi Törvényszék Cégbírósága',
  // Fictional, but with valid check digits, as the payment settings screen requires.
  bankAccount: '12345676-12345678-90123452',
  bankName: 'Példa Bank Zrt.',
  email: 'info@kekbogre.hu',
  senderEmail: 'webaruhaz@kekbogre.hu',
  phone: '+36 1 234 5678',
  phoneHours: 'munkanapokon 9 és 17 óra között',
  representative: 'Kovács Eszter ügyvezető',
  hostingProvider: 'Példa Tárhely Kft., 1117 Budapest, Szerver utca 1., tarhely@example.hu',
} as const;
