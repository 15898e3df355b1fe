import {
  Box,
  Link as ChakraLink,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Portal,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TCategoryTreeNode } from '@shop/api/schemas';
import { useState } from 'react';
import { LuChevronDown, LuShoppingBag, LuUserRound } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import {
  PHONE_SHEET_CONTENT,
  PHONE_SHEET_OUTSIDE,
  PHONE_SHEET_ROOT,
  useHidePageBehind,
} from '../../components/phone-sheet';
import { writeDrawerOpen } from '../../lib/storage';
import { useDrawerOpen } from '../../lib/use-storage';
import { CategoryLink } from '../catalog/category-link';
import { LogoMark } from './logo';

function TreeItem({
  node,
  depth,
  onNavigate,
}: {
  node: TCategoryTreeNode;
  depth: number;
  onNavigate: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const hasChildren = node.children.length > 0;
  return (
    <Box as="li">
      <Flex align="center" ps={depth * 4}>
        <ChakraLink
          asChild
          flex="1"
          py="2.5"
          fontWeight={depth === 0 ? 'semibold' : 'normal'}
          color={depth === 0 ? 'fg' : 'fg.muted'}
          onClick={onNavigate}
        >
          <CategoryLink category={node}>{node.title}</CategoryLink>
        </ChakraLink>
        {hasChildren && (
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={`${node.title}: alkategóriák ${expanded ? 'elrejtése' : 'megjelenítése'}`}
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
          >
            <Box as="span" transition="transform 0.15s" transform={expanded ? 'rotate(180deg)' : undefined}>
              <LuChevronDown />
            </Box>
          </IconButton>
        )}
      </Flex>
      {hasChildren && expanded && (
        <Box as="ul" listStyleType="none">
          {node.children.map((child) => (
            <TreeItem key={child.id} node={child} depth={depth + 1} onNavigate={onNavigate} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The drawer itself, loaded on first use; MobileMenu owns the button and the stored open state. */
export function MobileMenuDrawer({
  tree,
  finalFocus,
}: {
  tree: TCategoryTreeNode[];
  finalFocus: () => HTMLElement | null;
}) {
  const open = useDrawerOpen();
  const close = () => writeDrawerOpen(false);
  useHidePageBehind(open);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => writeDrawerOpen(details.open)}
      placement="start"
      size="xs"
      finalFocusEl={finalFocus}
      {...PHONE_SHEET_ROOT}
    >
      <Portal>
        <Drawer.Backdrop {...PHONE_SHEET_OUTSIDE} />
        <Drawer.Positioner {...PHONE_SHEET_OUTSIDE}>
          <Drawer.Content {...PHONE_SHEET_CONTENT}>
            <Drawer.Header borderBottomWidth="1px">
              <Flex align="center" gap="2">
                <LogoMark size={28} />
                <Drawer.Title>Menü</Drawer.Title>
              </Flex>
            </Drawer.Header>
            <Drawer.Body px="4">
              <Stack gap="4" py="2">
                <Stack gap="1">
                  <ChakraLink asChild py="2" gap="3" onClick={close}>
                    <AppLink href="/services/account">
                      <LuUserRound /> Fiókom
                    </AppLink>
                  </ChakraLink>
                  <ChakraLink asChild py="2" gap="3" onClick={close}>
                    <AppLink href="/cart">
                      <LuShoppingBag /> Kosár
                    </AppLink>
                  </ChakraLink>
                </Stack>
                <Separator />
                <Text
                  fontSize="xs"
                  fontWeight="bold"
                  color="fg.muted"
                  textTransform="uppercase"
                  letterSpacing="wider"
                >
                  Kategóriák
                </Text>
                <Box as="nav" aria-label="Kategóriák (mobil)">
                  <Box as="ul" listStyleType="none">
                    {tree.map((node) => (
                      <TreeItem key={node.id} node={node} depth={0} onNavigate={close} />
                    ))}
                  </Box>
                </Box>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Menü bezárása" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
