import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuConstruction } from 'react-icons/lu';
import { AdminPage, AdminPanel } from './admin-page';
import type { AdminSection } from './sections';

/** An admin section of the spec whose screens later work builds: says so plainly, shows no data. */
export function NotAvailablePanel({ section }: { section: AdminSection }) {
  return (
    <AdminPage title={section.label}>
      <AdminPanel>
        <EmptyState.Root py="16">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.fg">
              <LuConstruction />
            </EmptyState.Indicator>
            <VStack textAlign="center" gap="2">
              <EmptyState.Title>Ez a funkció még nem érhető el</EmptyState.Title>
              <EmptyState.Description maxW="md">
                {section.purpose} A képernyő a webáruház egy következő fejlesztési lépésében készül el; addig
                itt nincs mit kezelni.
              </EmptyState.Description>
            </VStack>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/dashboard">Vissza a vezérlőpultra</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </AdminPanel>
    </AdminPage>
  );
}
