import { Box, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { AUDIT_LABELS, auditSummary } from '../audit-summary';
import { type Detail, Muted, Panel } from './panel';

/** A change made with an integrator's API key has no user; the entry names the key instead. */
function auditActorName(entry: Detail['audit'][number]): string {
  if (entry.actor) return entry.actor.name;
  const apiKey = entry.detail.apiKey;
  return typeof apiKey === 'string' ? `API-kulcs: ${apiKey}` : 'Törölt felhasználó';
}

export function AuditPanel({ detail }: { detail: Detail }) {
  return (
    <Panel title="Módosítási napló">
      {detail.audit.length === 0 ? (
        <Muted>Az admin még nem módosította a rendelést.</Muted>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none">
          {detail.audit.map((entry) => (
            <Box as="li" key={entry.id} fontSize="sm">
              <Text>
                <Text as="span" fontWeight="medium">
                  {AUDIT_LABELS[entry.action] ?? entry.action}
                </Text>
                {': '}
                {auditSummary(entry)}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {auditActorName(entry)} · {formatDateTime(entry.at)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
