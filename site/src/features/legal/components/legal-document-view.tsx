import { Anchor, Box, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import { business } from '../../../config/business';
import type { LegalDocument } from '../legal-content';

function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  // The date is a calendar date, not an instant: read and shown in UTC so no time zone shifts it.
  timeZone: 'UTC',
});

/** The texts are plain strings (easy to edit); the business address in them becomes a link. */
function WithEmailLinks({ text }: { text: string }) {
  const parts = text.split(business.email);
  return parts.map((part, i) => (
    // The parts of one fixed string never reorder, so their position is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <Anchor href={`mailto:${business.email}`} underline="always">
          {business.email}
        </Anchor>
      )}
    </Fragment>
  ));
}

interface LegalDocumentViewProps {
  title: string;
  document: LegalDocument;
}

/** A legal page: last-updated date, introduction, a table of contents and numbered sections. */
export function LegalDocumentView({ title, document }: LegalDocumentViewProps) {
  const sections = document.sections.map((s, i) => ({ ...s, id: slug(s.heading), n: i + 1 }));
  return (
    <PageShell title={title}>
      <Text size="sm" c="gray.4">
        Last updated:{' '}
        <time dateTime={document.lastUpdated}>
          {dateFormat.format(new Date(`${document.lastUpdated}T00:00:00Z`))}
        </time>
      </Text>
      <Text size="lg">{document.intro}</Text>

      <Paper
        component="nav"
        aria-label="Contents"
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
      >
        <Text fw={700} mb="xs">
          Contents
        </Text>
        <Box
          component="ol"
          m={0}
          pl="lg"
          fz="sm"
          lh={1.9}
          style={{ columns: '16rem', columnGap: '2rem' }}
        >
          {sections.map((s) => (
            <li key={s.id}>
              <Anchor href={`#${s.id}`} size="sm">
                {s.heading}
              </Anchor>
            </li>
          ))}
        </Box>
      </Paper>

      <Stack gap="xl" mt="md">
        {sections.map((s) => (
          <Box component="section" key={s.id} aria-labelledby={s.id}>
            <Title order={2} size="h3" id={s.id} mb="xs">
              {s.n}. {s.heading}
            </Title>
            <Stack gap="sm">
              {s.body.map((block) =>
                typeof block === 'string' ? (
                  <Text key={block} c="gray.3" lh={1.7}>
                    <WithEmailLinks text={block} />
                  </Text>
                ) : (
                  <List key={block.join()} spacing={6} c="gray.3" lh={1.6} withPadding>
                    {block.map((item) => (
                      <List.Item key={item}>
                        <WithEmailLinks text={item} />
                      </List.Item>
                    ))}
                  </List>
                ),
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
    </PageShell>
  );
}
