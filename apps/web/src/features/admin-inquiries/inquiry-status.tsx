import { Badge, NativeSelect } from '@chakra-ui/react';
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, type TInquiryStatus } from '@shop/api/schemas';

const PALETTE: Record<TInquiryStatus, string> = { new: 'blue', answered: 'green', closed: 'gray' };

export function InquiryStatusBadge({ status }: { status: TInquiryStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle">
      {INQUIRY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The status filter of a list ('' for every status) or the status picker of a detail page. */
export function InquiryStatusSelect({
  label,
  value,
  onChange,
  anyLabel,
  disabled,
}: {
  label: string;
  value: TInquiryStatus | '';
  onChange: (status: TInquiryStatus | '') => void;
  /** Offers "every status" as the first choice (a filter). */
  anyLabel?: string;
  disabled?: boolean;
}) {
  return (
    <NativeSelect.Root size="md" w={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }} disabled={disabled}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value as TInquiryStatus | '')}
      >
        {anyLabel && <option value="">{anyLabel}</option>}
        {INQUIRY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {INQUIRY_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
