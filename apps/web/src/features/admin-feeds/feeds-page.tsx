import {
  Badge,
  Box,
  Button,
  Clipboard,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TFeedKey, TFeedProblemList, TFeedReportOutput } from '@shop/api/schemas';
import { formatNumber } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';

/** Where the shop owner pastes each address. */
const WHERE_TO_PASTE: Record<TFeedKey, string> = {
  arukereso: 'Árukereső partneradmin › Terméklista (XML) címe.',
  google: 'Merchant Center › Termékek › Adatforrások › Termékforrás hozzáadása › Ütemezett letöltés.',
  facebook: 'Commerce Manager › Katalógus › Adatforrások › Adatfeed › Ütemezett feed.',
};

/** A shop without barcodes has every product in the incomplete list: the first ones show, the rest on request. */
const SHOWN_AT_FIRST = 10;

function ProblemList({
  title,
  list,
  feeds,
  empty,
}: {
  title: string;
  list: TFeedProblemList;
  feeds: TFeedReportOutput['feeds'];
  empty: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? list.items : list.items.slice(0, SHOWN_AT_FIRST);
  return (
    <AdminPanel as="section" aria-label={title} p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="md">
        {title} <Badge ms="1">{formatNumber(list.total)}</Badge>
      </Heading>
      {list.total === 0 ? (
        <Text mt="2" fontSize="sm" color="fg.muted">
          {empty}
        </Text>
      ) : (
        <>
          <Flex as="p" mt="2" mb="2" gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
            {list.counts.map((count) => (
              <span key={count.code}>
                {count.label}: <strong>{formatNumber(count.count)}</strong>
              </span>
            ))}
          </Flex>
          <Stack as="ul" gap="0" listStyleType="none">
            {shown.map((row) => (
              <Flex
                as="li"
                key={row.productId}
                py="2.5"
                borderTopWidth="1px"
                gap="2"
                wrap="wrap"
                align="center"
                justify="space-between"
              >
                <Link to="/admin/catalog/products/$id" params={{ id: String(row.productId) }}>
                  <RowTitle>{row.title}</RowTitle>
                </Link>
                <Flex gap="1.5" wrap="wrap" align="center">
                  {row.reasons.map((reason) => (
                    <Badge key={reason.code} colorPalette="orange" variant="subtle">
                      {reason.label}
                    </Badge>
                  ))}
                  {row.feeds.length < feeds.length && (
                    <Text as="span" fontSize="xs" color="fg.muted">
                      csak:{' '}
                      {feeds
                        .filter((feed) => row.feeds.includes(feed.key))
                        .map((feed) => feed.title)
                        .join(', ')}
                    </Text>
                  )}
                </Flex>
              </Flex>
            ))}
          </Stack>
          {list.items.length > shown.length && (
            <Button mt="2" size="sm" variant="ghost" onClick={() => setAll(true)}>
              {list.items.length < list.total
                ? `A legújabb ${formatNumber(list.items.length)} mutatása`
                : `Mind a ${formatNumber(list.total)} mutatása`}
            </Button>
          )}
        </>
      )}
    </AdminPanel>
  );
}

/** /admin/feeds: each feed's address to paste into its channel, its size, and what it leaves out and why. */
export function FeedsPage() {
  const trpc = useTRPC();
  const { data: report } = useSuspenseQuery(trpc.feed.report.queryOptions());

  return (
    <AdminPage
      title="Termékfeedek"
      description="Az Árukereső, a Google és a Facebook ezekről a címekről olvassa a bolt termékeit. A feedek a katalógus minden változása után frissülnek; a nem készleten lévő termék kimaradás helyett „nincs készleten” jelzéssel kerül be."
    >
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        {report.feeds.map((feed) => (
          <AdminPanel key={feed.key} as="section" aria-label={feed.title} p="4">
            <Stack gap="3">
              <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
                <Heading as="h2" size="md">
                  {feed.title}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  <Text as="span" fontWeight="semibold" color="fg">
                    {formatNumber(feed.products)} termék
                  </Text>
                  {feed.items !== feed.products && `, ${formatNumber(feed.items)} tétel`}
                </Text>
              </Flex>
              <Clipboard.Root value={feed.url}>
                <Clipboard.Label fontSize="sm" fontWeight="medium">
                  A feed címe
                </Clipboard.Label>
                <Flex gap="2" mt="1">
                  <Clipboard.Input asChild>
                    <Input size="sm" readOnly fontFamily="mono" fontSize="xs" />
                  </Clipboard.Input>
                  <Clipboard.Trigger asChild>
                    <Button size="sm" variant="outline" aria-label={`Másolás: ${feed.title} feed címe`}>
                      <Clipboard.Indicator copied={<LuCheck />}>
                        <LuCopy />
                      </Clipboard.Indicator>
                      Másolás
                    </Button>
                  </Clipboard.Trigger>
                </Flex>
              </Clipboard.Root>
              <Box fontSize="xs" color="fg.muted">
                {WHERE_TO_PASTE[feed.key]}
              </Box>
            </Stack>
          </AdminPanel>
        ))}
      </SimpleGrid>
      <ProblemList
        title="Kimarad a feedekből"
        list={report.leftOut}
        feeds={report.feeds}
        empty="Minden, a vásárlóknak látható termék bekerül a feedekbe."
      />
      <ProblemList
        title="Bekerül, de hiányos"
        list={report.incomplete}
        feeds={report.feeds}
        empty="Minden termék minden adata megvan."
      />
    </AdminPage>
  );
}
