import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { downloadMessages } from '@studio/shared/messages/downloads';
import type { ProductFileAnswer } from '@studio/shared/schemas/downloads';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { useProductFiles, useRemoveProductFile } from '../api/product-files';
import { fileTooLarge } from '../api/upload-product-file';
import { ResumeOffer, UploadProgress } from './file-upload-panel';
import { PickFileButton } from './pick-file-button';
import { ProductFileList } from './product-file-list';
import { useProductFileUpload } from './use-product-file-upload';

/** Asks before a file goes: buyers lose it at once. */
function RemoveConfirm({
  file,
  removing,
  onRemove,
  onKeep,
}: {
  file: ProductFileAnswer;
  removing: boolean;
  onRemove: () => void;
  onKeep: () => void;
}) {
  return (
    <Alert variant="light" color="red" title={`Remove ${file.name}?`} role="alertdialog">
      <Stack gap="xs">
        <Text size="sm">Buyers will no longer see it or be able to download it.</Text>
        <Group gap="xs">
          <Button size="xs" color="red" loading={removing} onClick={onRemove}>
            Remove file
          </Button>
          <Button size="xs" variant="default" disabled={removing} onClick={onKeep}>
            Keep it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * A digital product's files (decision 045): the list, and resumable uploads that add a file or
 * replace one, with their progress, Cancel and, after a reload, the offer to go on.
 */
export function ProductFilesSection({ productId }: { productId: string }) {
  const files = useProductFiles(productId);
  const remove = useRemoveProductFile();
  const maxFileBytes = files.data?.maxFileBytes;
  const upload = useProductFileUpload(productId, maxFileBytes);
  const [removing, setRemoving] = useState<ProductFileAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = upload.view.phase !== 'idle';

  const choose = (file: File, replaces?: ProductFileAnswer) => {
    setRefusal(null);
    setRemoving(null);
    const tooLarge = maxFileBytes === undefined ? null : fileTooLarge(file, maxFileBytes);
    if (tooLarge) return setRefusal(tooLarge);
    void upload.start(file, replaces && { id: replaces.id, name: replaces.name });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: productId, fileId: removing.id },
      {
        onSuccess: (answer) => {
          toast.success(answer.message, ADMIN_TOAST);
          setRemoving(null);
        },
        onError: (error) => {
          setRefusal(errorMessage(error, downloadMessages.fileRemoveFailed));
          setRemoving(null);
        },
      },
    );
  };

  const error = refusal ?? upload.error;
  return (
    <Stack gap="sm" component="section" aria-labelledby="product-files-title">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="md" id="product-files-title">
          Files
        </Title>
        <PickFileButton
          size="xs"
          leftSection={<IconUpload size={14} aria-hidden />}
          disabled={busy || !files.data}
          onFile={(file) => choose(file)}
        >
          Add file
        </PickFileButton>
      </Group>
      <Text size="sm" c="dimmed">
        {downloadMessages.filesExplained}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {upload.view.phase !== 'idle' ? (
        <UploadProgress view={upload.view} onCancel={upload.cancel} />
      ) : (
        upload.pending && (
          <ResumeOffer
            pending={upload.pending}
            onFile={(file) => {
              setRefusal(null);
              upload.resume(file);
            }}
            onDiscard={() => void upload.discard()}
          />
        )
      )}
      {removing && (
        <RemoveConfirm
          file={removing}
          removing={remove.isPending}
          onRemove={confirmRemove}
          onKeep={() => setRemoving(null)}
        />
      )}
      {files.isPending ? (
        <Group justify="center" py="sm">
          <Loader size="sm" aria-label="Loading the files" />
        </Group>
      ) : files.isError ? (
        <Alert color="red" variant="light" title={downloadMessages.filesLoadFailed}>
          {files.error.message}
        </Alert>
      ) : (
        <ProductFileList
          files={files.data.files}
          busy={busy}
          onReplace={(file, chosen) => choose(chosen, file)}
          onRemove={(file) => {
            setRefusal(null);
            setRemoving(file);
          }}
        />
      )}
    </Stack>
  );
}
