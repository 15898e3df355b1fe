import { Button } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuFileDown } from 'react-icons/lu';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { saveBase64File } from '../auth/save-file';

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
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      const file = await queryClient.fetchQuery({
        ...trpc.order.invoicePdf.queryOptions({
          id: orderId,
          kind,
          ...(accessKey ? { key: accessKey } : {}),
        }),
        staleTime: 0,
        gcTime: 0,
      });
      saveBase64File(file.filename, file.content, file.contentType);
    } catch (error) {
      toastError('A számla letöltése nem sikerült.', error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button variant="outline" size={size} loading={loading} onClick={() => void download()}>
      <LuFileDown /> {label}
    </Button>
  );
}
