import { Alert, Link as ChakraLink, Stack } from '@chakra-ui/react';
import type { TPaymentMethod } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '../../lib/trpc';

/**
 * What the enabled methods lack in the payment settings: card payments on the stand-in take no real
 * money, and transfer customers need the shop's bank account.
 */
export function PaymentSetupNotice({ methods }: { methods: Pick<TPaymentMethod, 'provider' | 'enabled'>[] }) {
  const trpc = useTRPC();
  const { data: settings } = useSuspenseQuery(trpc.checkout.settings.queryOptions());
  const enabled = (provider: TPaymentMethod['provider']) =>
    methods.some((method) => method.enabled && method.provider === provider);
  const notices: { title: string; text: string }[] = [];
  if (enabled('barion') && settings.barionSource === 'stand_in') {
    notices.push({
      title: 'A bankkártyás fizetés demó módban fut',
      text: 'Nincs Barion-fiók megadva, ezért a kártyás fizetéseket a beépített Barion-helyettesítő fogadja: valódi pénz nem érkezik.',
    });
  }
  if (enabled('barion') && settings.barionSource === 'none') {
    notices.push({
      title: 'A bankkártyás fizetés nincs beállítva',
      text: 'Nincs Barion-fiók megadva, ezért a pénztár a bankkártyás fizetést elutasítja. Add meg a Barion-fiók POS-kulcsát, vagy kapcsold ki ezt a fizetési módot.',
    });
  }
  if (enabled('barion') && settings.barionSource === 'admin' && !settings.barionPosKeyReadable) {
    notices.push({
      title: 'A mentett Barion POS-kulcs nem olvasható',
      text: 'A szerver titkosítási kulcsa megváltozott, így a kártyás fizetés nem indul el. Add meg újra a POS-kulcsot.',
    });
  }
  if (enabled('bank_transfer') && !settings.bankAccountNumber) {
    notices.push({
      title: 'Nincs megadva bankszámlaszám',
      text: 'Az átutalással fizető vásárlók visszaigazolása addig azt írja, hogy a bankszámlaszámot külön e-mailben küldöd el.',
    });
  }
  if (notices.length === 0) return null;
  return (
    <Stack gap="2">
      {notices.map((notice) => (
        <Alert.Root key={notice.title} status="warning" borderRadius="l3">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{notice.title}</Alert.Title>
            <Alert.Description>
              {notice.text}{' '}
              <ChakraLink asChild fontWeight="medium" textDecoration="underline">
                <Link to="/admin/checkout/settings">Fizetési beállítások</Link>
              </ChakraLink>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}
