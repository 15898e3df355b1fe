import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Text } from '@chakra-ui/react';
import type { TDashboardDay } from '@shop/api/schemas';
import { formatNumber, formatPrice } from '@shop/ui';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

/** "2026-11-24" → "11. 24." */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-');
  return `${month}. ${day}.`;
}

/** Axis labels in thousands and millions of forints: "120 e", "1,2 M". */
function axisForint(value: number): string {
  if (value >= 1_000_000)
    return `${(value / 1_000_000).toLocaleString('hu-HU', { maximumFractionDigits: 1 })} M`;
  if (value >= 1000) return `${formatNumber(value / 1000)} e`;
  return formatNumber(value);
}

function DayTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: readonly { payload?: TDashboardDay }[];
}) {
  const day = payload?.[0]?.payload;
  if (!active || !day) return null;
  return (
    <Box bg="white" borderWidth="1px" borderRadius="l2" boxShadow="md" px="3" py="2" textStyle="sm">
      <Text fontWeight="semibold">{shortDay(day.date)}</Text>
      <Text>{formatPrice(day.revenue)}</Text>
      <Text color="fg.muted">{day.orders} rendelés</Text>
    </Box>
  );
}

/**
 * Revenue per Budapest day, drawn with recharts through @chakra-ui/charts. Its own module, loaded
 * with React.lazy by the dashboard, so recharts lives in a chunk only the dashboard fetches.
 */
export default function RevenueChart({ days }: { days: readonly TDashboardDay[] }) {
  const chart = useChart({
    data: [...days],
    series: [{ name: 'revenue', color: 'brand.solid' }],
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={{ base: '56', md: '72' }}>
      <BarChart
        data={chart.data}
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ left: 4, right: 4 }}
      >
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={chart.key('date')}
          tickFormatter={shortDay}
          tickLine={false}
          axisLine={false}
          minTickGap={12}
        />
        <YAxis tickFormatter={axisForint} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          cursor={{ fill: chart.color('bg.muted') }}
          animationDuration={100}
          content={<DayTooltip />}
        />
        {chart.series.map((item) => (
          <Bar
            key={item.name}
            dataKey={chart.key(item.name)}
            fill={chart.color(item.color)}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
