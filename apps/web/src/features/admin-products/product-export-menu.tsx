import { Button, Menu, Portal } from '@chakra-ui/react';
import type { TProductExportFormat, TProductListFilters } from '@shop/api/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { LuChevronDown, LuDownload } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';

const FORMAT_LABELS: Record<TProductExportFormat, string> = { csv: 'CSV (Excel)', xlsx: 'XLSX' };

/** "Exportálás": the products the list's filters select, in its order, as a CSV or XLSX download. */
export function ProductExportMenu({ filters }: { filters: TProductListFilters }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    (format: TProductExportFormat) =>
      queryClient.fetchQuery(freshQuery(trpc.product.export.queryOptions({ ...filters, format }))),
    { encoding: 'base64', errorTitle: 'Az exportálás nem sikerült.' },
  );
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
