import { Button, Paper, Table, Text } from '@mantine/core';
import { projectMessages } from '@studio/shared/messages/projects';
import { IconDownload } from '@tabler/icons-react';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { useDownloadSubmissionFile } from '../api/download-submission-file';
import type { AdminSubmissionFile } from '../api/get-submission';
import { formatBytes } from './submission-format';

/** The files the visitor uploaded with the submission, each to download. */
export function SubmissionFiles({
  submissionId,
  files,
}: {
  submissionId: string;
  files: AdminSubmissionFile[];
}) {
  const download = useDownloadSubmissionFile();
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No files were uploaded with this submission.
      </Text>
    );
  return (
    <Paper withBorder radius="md">
      <Table aria-label="Files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {file.originalName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {file.contentType}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatBytes(file.sizeBytes)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  aria-label={`Download ${file.originalName}`}
                  loading={download.isPending && download.variables?.id === file.id}
                  onClick={() =>
                    download.mutate(
                      { ...file, submissionId },
                      {
                        onError: (e) =>
                          toast.error(errorMessage(e, projectMessages.downloadFailed), ADMIN_TOAST),
                      },
                    )
                  }
                >
                  Download
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
