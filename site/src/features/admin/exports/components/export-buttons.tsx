import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import { type ExportChoice, useSaveExport } from '../api/save-export';

/** One "Export CSV" button for an export and its current filter. */
export function ExportButton({
  choice,
  label = 'Export CSV',
}: {
  choice: ExportChoice;
  label?: string;
}) {
  const save = useSaveExport();
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={save.isPending}
      onClick={() => save.mutate(choice)}
    >
      {label}
    </Button>
  );
}

/**
 * The Orders tab's "Export CSV" menu: the orders it lists (one row each) or their lines (one
 * row per item), both with its status filter, search and sort.
 */
export function OrdersExportMenu({ query }: { query: Record<string, string> }) {
  const save = useSaveExport();
  return (
    // No focus placeholder: a menu may hold only its items (axe, aria-required-children); the
    // focus trap lands on the first item instead.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={save.isPending}
        >
          Export CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => save.mutate({ kind: 'orders', query })}>
          Orders, one row each
        </Menu.Item>
        <Menu.Item onClick={() => save.mutate({ kind: 'order-lines', query })}>
          Order lines, one row per item
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
