import { Badge, Group, ScrollArea, Stack, Table, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListPreview as Preview } from './parse-subscriber-list.ts';

/** Long lists are summarised: the first rows, then a count of the rest. */
const SHOWN = 200;

function PreviewTable({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  const shown = rows.slice(0, SHOWN);
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={360}>
        <Table striped highlightOnHover stickyHeader verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((cells, i) => (
              // Rows are a fixed snapshot of the file: the index is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={i}>
                {cells.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                  <Table.Td key={j}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > SHOWN && (
        <Text size="xs" c="dimmed">
          and {rows.length - SHOWN} more
        </Text>
      )}
    </Stack>
  );
}

/** What a chosen list holds: the addresses to import, the repeats and what cannot be read. */
export function ListPreview({ preview }: { preview: Preview }) {
  const { valid, duplicates, invalid, headerLine } = preview;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="teal" variant="light" size="lg">
          {valid.length} valid
        </Badge>
        <Badge color="yellow" variant="light" size="lg">
          {duplicates.length} duplicate{duplicates.length === 1 ? '' : 's'}
        </Badge>
        <Badge color="red" variant="light" size="lg">
          {invalid.length} invalid
        </Badge>
      </Group>
      {headerLine !== null && (
        <Text size="sm" c="dimmed">
          Line {headerLine} has no address and is read as the column headings.
        </Text>
      )}
      <Tabs defaultValue="valid" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="valid">Valid ({valid.length})</Tabs.Tab>
          <Tabs.Tab value="duplicates">Duplicates ({duplicates.length})</Tabs.Tab>
          <Tabs.Tab value="invalid">Invalid ({invalid.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="valid" pt="xs">
          <PreviewTable head={['Line', 'Address']} rows={valid.map((e) => [e.line, e.email])} />
        </Tabs.Panel>
        <Tabs.Panel value="duplicates" pt="xs">
          <PreviewTable
            head={['Line', 'Address', 'First on line']}
            rows={duplicates.map((e) => [e.line, e.email, e.firstLine])}
          />
        </Tabs.Panel>
        <Tabs.Panel value="invalid" pt="xs">
          <PreviewTable
            head={['Line', 'Content', 'Why']}
            rows={invalid.map((e) => [e.line, e.text, e.reason])}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
