import { Button } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { LuFileDown } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';

/**
 * "Számla letöltése": the invoice PDF through the API (the session travels in a header, so a plain link
 * would not carry it), saved under the provider's number. A guest's private link key goes along.
 */
export function InvoiceDownloadButton({
  orderId,
  accessKey,
  kind = 'invoice',
  label = 'Számla letöltése',
  size = 'sm',
}: {
  orderId: number;
  accessKey?: string | undefined;
  kind?: 'invoice' | 'storno';
  label?: string;
  size?: 'xs' | 'sm' | 'md';
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    () =>
      queryClient.fetchQuery(
        freshQuery(
          trpc.order.invoicePdf.queryOptions({
            id: orderId,
            kind,
            ...(accessKey ? { key: accessKey } : {}),
          }),
        ),
      ),
    { encoding: 'base64', errorTitle: 'A számla letöltése nem sikerült.' },
  );
  return (
    <Button variant="outline" size={size} loading={loading} onClick={() => void download()}>
      <LuFileDown /> {label}
    </Button>
  );
}
