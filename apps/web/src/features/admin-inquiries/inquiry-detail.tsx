import { Box, Button, Flex, Grid, Text } from '@chakra-ui/react';
import type { TInquiryStatus } from '@shop/api/schemas';
import { formatDateTime, toaster } from '@shop/ui';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LuArrowLeft, LuMail } from 'react-icons/lu';
import { InquiryStatusSelect } from './inquiry-status';

/** A label and its value in a detail page's facts grid; an empty value reads "–". */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box mt="0.5" wordBreak="break-word">
        {children || '–'}
      </Box>
    </Box>
  );
}

export function FactGrid({ children }: { children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }} gap="4">
      {children}
    </Grid>
  );
}

/** The status picker, which saves at once, with when the status last changed. */
export function StatusPicker({
  status,
  statusChangedAt,
  saving,
  onChange,
}: {
  status: TInquiryStatus;
  statusChangedAt: string | null;
  saving: boolean;
  onChange: (status: TInquiryStatus) => void;
}) {
  return (
    <Flex align={{ base: 'stretch', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
      <InquiryStatusSelect
        label="Állapot"
        value={status}
        disabled={saving}
        onChange={(next) => {
          if (next && next !== status) onChange(next);
        }}
      />
      {statusChangedAt && (
        <Text fontSize="sm" color="fg.muted">
          Módosítva: {formatDateTime(statusChangedAt)}
        </Text>
      )}
    </Flex>
  );
}

export function statusSaved(status: TInquiryStatus) {
  const words: Record<TInquiryStatus, string> = {
    new: 'újra újként jelöltük',
    answered: 'megválaszoltnak jelöltük',
    closed: 'lezártuk',
  };
  toaster.success({ title: `Az állapotot elmentettük: ${words[status]}.` });
}

export function BackToList({
  to,
  label,
}: {
  to: '/admin/inquiry/contact' | '/admin/inquiry/offer';
  label: string;
}) {
  return (
    <Button asChild variant="outline" bg="white">
      <Link to={to}>
        <LuArrowLeft /> {label}
      </Link>
    </Button>
  );
}

export function ReplyButton({ email, subject }: { email: string; subject: string }) {
  return (
    <Button asChild colorPalette="brand">
      <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>
        <LuMail /> Válasz e-mailben
      </a>
    </Button>
  );
}
