import { ButtonGroup, Flex, IconButton, Pagination, Text } from '@chakra-ui/react';
import { formatNumber } from '@shop/ui';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

type PageProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

/** Previous, numbered and next page buttons; nothing when everything fits on one page. */
export function PageButtons({ page, pageSize, total, onPageChange }: PageProps) {
  if (total <= pageSize) return null;
  return (
    <Pagination.Root
      count={total}
      pageSize={pageSize}
      page={page}
      onPageChange={(details) => onPageChange(details.page)}
      siblingCount={1}
      aria-label="Lapozás"
    >
      <ButtonGroup variant="ghost" size="sm" attached={false} gap="1" flexWrap="wrap" justifyContent="center">
        <Pagination.PrevTrigger asChild>
          <IconButton aria-label="Előző oldal">
            <LuChevronLeft />
          </IconButton>
        </Pagination.PrevTrigger>
        <Pagination.Items
          render={(item) => (
            <IconButton variant={{ base: 'ghost', _selected: 'outline' }} aria-label={`${item.value}. oldal`}>
              {item.value}
            </IconButton>
          )}
        />
        <Pagination.NextTrigger asChild>
          <IconButton aria-label="Következő oldal">
            <LuChevronRight />
          </IconButton>
        </Pagination.NextTrigger>
      </ButtonGroup>
    </Pagination.Root>
  );
}

/** "1–25 / 130 <unit>" and the page buttons under a server-paged table. */
export function ListPagination({ unit, ...pages }: PageProps & { unit: string }) {
  const { page, pageSize, total } = pages;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Flex
      justify="space-between"
      align="center"
      gap="3"
      wrap="wrap"
      px={{ base: '3', md: '4' }}
      py="3"
      borderTopWidth="1px"
    >
      <Text fontSize="sm" color="fg.muted">
        {formatNumber(first)}–{formatNumber(last)} / {formatNumber(total)} {unit}
      </Text>
      <PageButtons {...pages} />
    </Flex>
  );
}
