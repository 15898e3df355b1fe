import { Button, Menu, Portal } from '@chakra-ui/react';
import type { TProductExportFormat, TProductListFilters } from '@shop/api/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuChevronDown, LuDownload } from 'react-icons/lu';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { saveBase64File } from '../auth/save-file';

const FORMAT_LABELS: Record<TProductExportFormat, string> = { csv: 'CSV (Excel)', xlsx: 'XLSX' };

/** "Exportálás": the products the list's filters select, in its order, as a CSV or XLSX download. */
export function ProductExportMenu({ filters }: { filters: TProductListFilters }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const download = async (format: TProductExportFormat) => {
    setLoading(true);
    try {
      const file = await queryClient.fetchQuery({
        ...trpc.product.export.queryOptions({ ...filters, format }),
        staleTime: 0,
        gcTime: 0,
      });
      saveBase64File(file.filename, file.content, file.contentType);
    } catch (error) {
      toastError('Az exportálás nem sikerült.', error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" bg="white" loading={loading} loadingText="Exportálás…">
          <LuDownload /> Exportálás <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {(['csv', 'xlsx'] as const).map((format) => (
              <Menu.Item key={format} value={format} onSelect={() => void download(format)}>
                {FORMAT_LABELS[format]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
