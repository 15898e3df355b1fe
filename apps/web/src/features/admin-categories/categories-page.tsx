import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Menu,
  Portal,
  Text,
} from '@chakra-ui/react';
import type { TCategory } from '@shop/api/schemas';
import { formatNumber, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  LuChevronRight,
  LuEllipsisVertical,
  LuFolderInput,
  LuPencil,
  LuPlus,
  LuSearch,
  LuTrash2,
} from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Trpc, useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { CategoryCreateDialog } from './category-create-dialog';
import { CategoryMoveDialog } from './category-move-dialog';
import { type AdminCategoryNode, buildCategoryTree } from './category-options';

/** The admin works on the whole tree at once; a shop has at most a few hundred categories. */
export const allCategoriesOptions = (trpc: Trpc) =>
  trpc.category.findAll.queryOptions({ page: 1, pageSize: 500, sort: 'path', order: 'asc' });

type RowActions = {
  onMove: (category: TCategory) => void;
  onDelete: (category: TCategory) => void;
  onAddChild: (category: TCategory) => void;
};

function CategoryRow({
  node,
  depth,
  expanded,
  onToggle,
  actions,
  showPath,
}: {
  node: AdminCategoryNode;
  depth: number;
  expanded: boolean;
  onToggle: () => void;
  actions: RowActions;
  showPath: boolean;
}) {
  const hasChildren = node.children.length > 0;
  return (
    <Flex
      align="center"
      gap="2"
      px={{ base: '2', md: '4' }}
      py="2"
      borderBottomWidth="1px"
      _hover={{ bg: 'bg.subtle' }}
      data-testid={`category-row-${node.id}`}
    >
      <Flex align="center" gap="1" flex="1" minW="0" ps={`${depth * 20}px`}>
        {hasChildren ? (
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`${node.title}: alkategóriák ${expanded ? 'becsukása' : 'kinyitása'}`}
            aria-expanded={expanded}
            onClick={onToggle}
            _expanded={{ bg: 'transparent' }}
          >
            <Box as="span" transition="transform 0.15s" transform={expanded ? 'rotate(90deg)' : undefined}>
              <LuChevronRight />
            </Box>
          </IconButton>
        ) : (
          <Box w="8" flexShrink={0} />
        )}
        <Box minW="0">
          <HStack gap="2">
            <Link to="/admin/catalog/categories/$id" params={{ id: String(node.id) }}>
              <RowTitle>{node.title}</RowTitle>
            </Link>
            {!node.enabled && (
              <Badge size="sm" colorPalette="gray">
                Rejtett
              </Badge>
            )}
          </HStack>
          <Text fontSize="xs" color="fg.muted" truncate>
            {showPath ? node.path : `/${node.urlPath}`}
            {hasChildren && ` · ${formatNumber(node.children.length)} alkategória`}
          </Text>
        </Box>
      </Flex>
      <HStack gap="1">
        <IconButton
          asChild
          size="sm"
          variant="ghost"
          aria-label={`${node.title} szerkesztése`}
          hideBelow="md"
        >
          <Link to="/admin/catalog/categories/$id" params={{ id: String(node.id) }}>
            <LuPencil />
          </Link>
        </IconButton>
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <IconButton size="sm" variant="ghost" aria-label={`${node.title}: további műveletek`}>
              <LuEllipsisVertical />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48">
                <Menu.Item value="child" onSelect={() => actions.onAddChild(node)}>
                  <LuPlus /> Új alkategória
                </Menu.Item>
                <Menu.Item value="move" onSelect={() => actions.onMove(node)}>
                  <LuFolderInput /> Áthelyezés
                </Menu.Item>
                <Menu.Item value="delete" color="fg.error" onSelect={() => actions.onDelete(node)}>
                  <LuTrash2 /> Törlés
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
    </Flex>
  );
}

function TreeRows({
  nodes,
  depth,
  expandedIds,
  toggle,
  actions,
}: {
  nodes: AdminCategoryNode[];
  depth: number;
  expandedIds: Set<number>;
  toggle: (id: number) => void;
  actions: RowActions;
}) {
  return nodes.map((node) => (
    <Box as="li" key={node.id}>
      <CategoryRow
        node={node}
        depth={depth}
        expanded={expandedIds.has(node.id)}
        onToggle={() => toggle(node.id)}
        actions={actions}
        showPath={false}
      />
      {expandedIds.has(node.id) && node.children.length > 0 && (
        <Box as="ul" listStyleType="none">
          <TreeRows
            nodes={node.children}
            depth={depth + 1}
            expandedIds={expandedIds}
            toggle={toggle}
            actions={actions}
          />
        </Box>
      )}
    </Box>
  ));
}

/** /admin/catalog/categories: the tree with create, move and delete. */
export function CategoriesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(allCategoriesOptions(trpc));
  const tree = useMemo(() => buildCategoryTree(data.items), [data.items]);
  const [expandedIds, setExpandedIds] = useState<Set<number>>(() => new Set(tree.map((node) => node.id)));
  const [search, setSearch] = useState('');
  const [createParent, setCreateParent] = useState<number | null | undefined>(undefined);
  const [moving, setMoving] = useState<TCategory | null>(null);
  const [deleting, setDeleting] = useState<TCategory | null>(null);

  const remove = useMutation(
    trpc.category.delete.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A kategória törölve.', description: deleting?.path });
        void queryClient.invalidateQueries(trpc.category.pathFilter());
        setDeleting(null);
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setDeleting(null),
    }),
  );

  const toggle = (id: number) =>
    setExpandedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const actions: RowActions = {
    onMove: setMoving,
    onDelete: setDeleting,
    onAddChild: (category) => setCreateParent(category.id),
  };

  const needle = search.trim().toLocaleLowerCase('hu');
  const matches = needle
    ? data.items.filter(
        (item) => item.path.toLocaleLowerCase('hu').includes(needle) || item.slug.includes(needle),
      )
    : [];

  return (
    <AdminPage
      title="Kategóriák"
      description={`${formatNumber(data.total)} kategória. A rejtett kategóriák nem jelennek meg a boltban.`}
      actions={
        <Button colorPalette="brand" onClick={() => setCreateParent(null)}>
          <LuPlus /> Új kategória
        </Button>
      }
    >
      <AdminPanel overflow="hidden">
        <Flex p={{ base: '3', md: '4' }} gap="3" borderBottomWidth="1px" align="center" wrap="wrap">
          <InputGroup startElement={<LuSearch />} flex="1" minW="56" maxW="md">
            <Input
              type="search"
              aria-label="Keresés a kategóriák között"
              placeholder="Keresés név vagy URL-név szerint"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </InputGroup>
          {!needle && (
            <HStack gap="2">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setExpandedIds(new Set(data.items.map((item) => item.id)))}
              >
                Mind kinyit
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setExpandedIds(new Set())}>
                Mind becsuk
              </Button>
            </HStack>
          )}
        </Flex>
        <Box as="ul" listStyleType="none" aria-label="Kategóriafa">
          {needle ? (
            matches.length > 0 ? (
              matches.map((item) => (
                <Box as="li" key={item.id}>
                  <CategoryRow
                    node={{ ...item, children: [] }}
                    depth={0}
                    expanded={false}
                    onToggle={() => undefined}
                    actions={actions}
                    showPath
                  />
                </Box>
              ))
            ) : (
              <Text as="li" p="6" color="fg.muted" textAlign="center">
                Nincs a keresésnek megfelelő kategória.
              </Text>
            )
          ) : tree.length > 0 ? (
            <TreeRows nodes={tree} depth={0} expandedIds={expandedIds} toggle={toggle} actions={actions} />
          ) : (
            <Text as="li" p="6" color="fg.muted" textAlign="center">
              Még nincs kategória. Hozd létre az elsőt az „Új kategória” gombbal.
            </Text>
          )}
        </Box>
        {data.total > data.items.length && (
          <Text p="3" fontSize="sm" color="fg.muted" borderTopWidth="1px">
            Az első {formatNumber(data.items.length)} kategória látszik; a többit kereséssel éred el.
          </Text>
        )}
      </AdminPanel>

      {createParent !== undefined && (
        <CategoryCreateDialog
          key={createParent ?? 'root'}
          open
          onOpenChange={(open) => !open && setCreateParent(undefined)}
          items={data.items}
          defaultParentId={createParent}
        />
      )}
      {moving && <CategoryMoveDialog category={moving} items={data.items} onClose={() => setMoving(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Kategória törlése"
        confirmLabel="Törlés"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        Biztosan törlöd ezt a kategóriát: <strong>{deleting?.path}</strong>? A művelet nem vonható vissza.
        Alkategóriával rendelkező kategória nem törölhető.
      </ConfirmDialog>
    </AdminPage>
  );
}
