import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { TDiscount, TOrder } from '@shop/api/schemas';
import { vatBreakdownLabel } from '@shop/api/schemas/vat-rules';
import type { ReactNode } from 'react';
import { ForintText } from '../catalog/forint-text';
import { Price } from '../catalog/price-display';
import { PriceText } from '../catalog/price-text';

function Row({
  label,
  detail,
  value,
  muted,
  indented,
}: {
  label: ReactNode;
  detail?: ReactNode;
  value: ReactNode;
  muted?: boolean;
  /** A part of the row above it (the VAT by rate): set in, each row its own group of the <dl>. */
  indented?: boolean;
}) {
  return (
    <Flex
      justify="space-between"
      gap="4"
      fontSize="sm"
      color={muted ? 'fg.muted' : undefined}
      {...(indented && { ps: '3', borderStartWidth: '2px' })}
    >
      <Box as="dt" minW="0">
        {label}
        {detail && (
          <Text as="span" display="block" color="fg.muted" fontSize="xs">
            {detail}
          </Text>
        )}
      </Box>
      <Text as="dd" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Flex>
  );
}

const signed = (amount: number) => (
  <PriceText>{(price) => (amount > 0 ? `+${price(amount)}` : price(amount))}</PriceText>
);

/**
 * Items, their discounts, shipping, payment fee, cash rounding, the gross total and the VAT it
 * contains: the same rows before the order button and on the order's own page. `itemsTotal` is what
 * the items cost after their discounts: the items show at their price before, each discount below
 * them, and a waived shipping fee names its promotion beside "ingyenes".
 */
export function TotalsBreakdown({
  discounts = [],
  itemsTotal,
  shippingFee,
  shippingName,
  paymentFee,
  paymentName,
  rounding,
  total,
  vatContent,
  vatByRate,
}: {
  discounts?: readonly TDiscount[];
  itemsTotal: number;
  shippingFee: number;
  shippingName?: string;
  paymentFee: number;
  paymentName?: string;
  rounding: number;
  total: number;
  vatContent: number;
  vatByRate?: TOrder['vat'];
}) {
  const itemDiscounts = discounts.filter((discount) => !discount.shipping && discount.amount > 0);
  const itemsDiscount = itemDiscounts.reduce((sum, discount) => sum + discount.amount, 0);
  const waiver = discounts.find((discount) => discount.shipping);
  // The waiver's name is the admin's, and may hold an amount ("Ingyenes szállítás 15 000 Ft felett").
  const shippingDetail = [shippingName, waiver && `${waiver.label}${waiver.code ? ` (${waiver.code})` : ''}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack as="dl" gap="2">
      <Row label="Termékek" value={<Price forints={itemsTotal + itemsDiscount} />} />
      {itemDiscounts.map((discount) => (
        <Row
          key={`${discount.promotionId}-${discount.code}`}
          label={
            <Text as="span" color="green.fg">
              {/* The promotion's name as the admin wrote it: "1 000 Ft kedvezmény" is heard in forints. */}
              <ForintText>{`Kedvezmény: ${discount.label}${discount.code ? ` (${discount.code})` : ''}`}</ForintText>
            </Text>
          }
          value={
            <Text as="span" color="green.fg">
              {/* The minus sign is seen; the hearer is told the amount is taken off. */}
              <span aria-hidden="true">−</span>
              <Price forints={discount.amount} label="levonva" />
            </Text>
          }
        />
      ))}
      <Row
        label="Szállítási díj"
        detail={shippingDetail && <ForintText>{shippingDetail}</ForintText>}
        value={shippingFee === 0 ? 'ingyenes' : <Price forints={shippingFee} />}
      />
      <Row
        label="Fizetési díj"
        detail={paymentName}
        value={paymentFee === 0 ? 'díjmentes' : <Price forints={paymentFee} />}
      />
      {rounding !== 0 && <Row label="Kerekítés (készpénzes fizetés)" value={signed(rounding)} />}
      {/* A rule drawn as the row's border: a <dl> may hold only its term and definition groups. */}
      <Flex justify="space-between" align="baseline" gap="4" borderTopWidth="1px" pt="3" mt="1">
        <Text as="dt" fontWeight="bold">
          Fizetendő végösszeg
        </Text>
        <Text as="dd" fontWeight="bold" fontSize="2xl" color="shop.price" whiteSpace="nowrap">
          <Price forints={total} />
        </Text>
      </Flex>
      <Row label="A végösszeg áfatartalma" value={<Price forints={vatContent} />} muted />
      {vatByRate?.map((line) => (
        <Row
          key={line.vatClass}
          muted
          indented
          label={
            <PriceText>
              {(price) => `${vatBreakdownLabel(line.vatClass)} (${price(line.gross)} bruttó után)`}
            </PriceText>
          }
          value={<Price forints={line.vat} />}
        />
      ))}
    </Stack>
  );
}

/** A placed order's totals, as its page and the account's order list show them. */
export function OrderTotalsBreakdown({ order }: { order: TOrder }) {
  return (
    <TotalsBreakdown
      discounts={order.discounts}
      itemsTotal={order.itemsTotal}
      shippingFee={order.shippingMethod.fee}
      shippingName={order.shippingMethod.name}
      paymentFee={order.paymentMethod.fee}
      paymentName={order.paymentMethod.name}
      rounding={order.rounding}
      total={order.total}
      vatContent={order.vatContent}
      vatByRate={order.vat}
    />
  );
}
