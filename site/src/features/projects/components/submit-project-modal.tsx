import {
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { serviceCategories } from '@studio/shared/catalog/services';
import { limits } from '@studio/shared/limits';
import { projectMessages } from '@studio/shared/messages/projects';
import { uploadMessages } from '@studio/shared/messages/uploads';
import { projectSubmissionSchema } from '@studio/shared/schemas/project';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { LandingService } from '../api/get-services';
import { fileProblem, fileProgress, timeLeft, useSubmitProject } from '../api/submit-project';
import { unfinishedUploads } from '../api/upload-project-files';
import type { SubmittedProject, UploadProgress } from '../types';
import { cardPrice } from './service-card';
import classes from './submit-project-modal.module.css';

const m = projectMessages;
const ACCEPT = 'audio/*,video/*,.zip';
const SUBMIT_TOAST_ID = 'project-submit';

interface SubmitProjectModalProps {
  opened: boolean;
  /** The service whose Purchase button opened the form; null for the generic button. */
  initialService: string | null;
  services: readonly LandingService[];
  onClose: () => void;
  /** The server stored the project; the form has closed. */
  onSubmitted?: (result: SubmittedProject & { name: string; email: string }) => void;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The Submit Project form (spec 2 and 5). Mantine unmounts a closed modal's body, so closing
 * (Escape, the close button, the backdrop) clears the form and its files, and each opening starts
 * fresh with the service it was opened for.
 */
export function SubmitProjectModal({
  opened,
  initialService,
  services,
  onClose,
  onSubmitted,
}: SubmitProjectModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Submit Your Project"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <SubmitProjectForm
        initialService={initialService}
        services={services}
        onDone={onClose}
        {...(onSubmitted ? { onSubmitted } : {})}
      />
    </Modal>
  );
}

interface FormValues {
  name: string;
  email: string;
  service: string | null;
  notes: string;
  timeline: string;
  budget: string;
  files: File[];
}

function SubmitProjectForm({
  initialService,
  services,
  onDone,
  onSubmitted,
}: {
  initialService: string | null;
  services: readonly LandingService[];
  onDone: () => void;
  onSubmitted?: SubmitProjectModalProps['onSubmitted'];
}) {
  const form = useForm<FormValues>({
    initialValues: {
      name: '',
      email: '',
      service: initialService,
      notes: '',
      timeline: '',
      budget: '',
      files: [],
    },
  });
  const submit = useSubmitProject();
  const inFlight = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [waiting, setWaiting] = useState(false);
  // Files of an unfinished project (a reload mid-upload): chosen again, they resume.
  const [unfinished, setUnfinished] = useState<string[]>([]);
  const startedAt = useRef(0);

  useEffect(() => {
    let live = true;
    unfinishedUploads().then(
      (names) => live && setUnfinished(names),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  // Closing mid-upload cancels it: the visitor asked to leave, not to send half a project.
  useEffect(
    () => () => {
      if (inFlight.current) {
        inFlight.current.abort();
        toast.dismiss(SUBMIT_TOAST_ID);
      }
    },
    [],
  );

  const serviceOptions = useMemo(
    () =>
      serviceCategories
        .map((group) => ({
          group,
          items: services
            .filter((s) => s.category === group)
            .map((s) => ({ value: s.title, label: s.title })),
        }))
        .filter((g) => g.items.length > 0),
    [services],
  );
  const selected = services.find((s) => s.title === form.values.service);

  const onFilesChange = (files: File[]) => {
    const problem = fileProblem(files);
    if (problem) {
      toast.error(problem);
      return;
    }
    form.setFieldValue('files', files);
  };

  const handleSubmit = async (values: FormValues) => {
    // The shared schema is the server's, and lists its checks in the spec's order (section 5):
    // its first issue is the one to show.
    const parsed = projectSubmissionSchema.safeParse({ ...values, service: values.service ?? '' });
    const problem = parsed.success ? fileProblem(values.files) : parsed.error.issues[0]?.message;
    if (problem) {
      toast.error(problem);
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    startedAt.current = performance.now();
    setProgress({ loaded: 0, total: 1 });
    toast.loading(projectMessages.submitting, { id: SUBMIT_TOAST_ID });
    try {
      const result = await submit.mutateAsync({
        input: { ...values, service: values.service ?? '' },
        signal: controller.signal,
        onProgress: setProgress,
        onWaiting: setWaiting,
      });
      inFlight.current = null;
      setUnfinished([]);
      toast.success(m.submitted, { id: SUBMIT_TOAST_ID });
      onDone();
      onSubmitted?.({ ...result, name: values.name.trim(), email: values.email.trim() });
    } catch (error) {
      setProgress(null);
      setWaiting(false);
      if (controller.signal.aborted) {
        setUnfinished([]);
        toast.info(projectMessages.uploadCancelled, { id: SUBMIT_TOAST_ID });
        return;
      }
      inFlight.current = null;
      const reason = error instanceof ApiError ? error.message : m.submitFailed;
      // Spec 8: the toast ends as the fixed text; the reason (server message or status) heads it.
      toast.error(m.submitFailedToast, {
        id: SUBMIT_TOAST_ID,
        title: reason === m.submitFailed ? undefined : reason,
      });
    }
  };

  const files = form.values.files;
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const uploading = progress !== null;
  const overall = progress
    ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
    : 0;
  const perFile = progress ? fileProgress(files, progress) : [];
  const eta = progress ? timeLeft(progress, performance.now() - startedAt.current) : null;
  const cancelUpload = () => {
    inFlight.current?.abort();
    inFlight.current = null;
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate className={classes.form}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Tell us about your project and attach your files. We review every submission and get back
          to you within 24 hours.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            withAsterisk
            autoComplete="name"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="email"
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <Select
          label="Service"
          placeholder="Choose a service"
          withAsterisk
          data={serviceOptions}
          searchable
          nothingFoundMessage="No service matches"
          description={selected ? `Card price ${cardPrice(selected.listPriceCents)}` : undefined}
          comboboxProps={{ zIndex: 1000 }}
          {...form.getInputProps('service')}
        />
        <Textarea
          label="Project details"
          placeholder="What are we working on? References, length, deliverables..."
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          {...form.getInputProps('notes')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Timeline"
            placeholder="e.g. within 2 weeks"
            description="Optional"
            {...form.getInputProps('timeline')}
          />
          <TextInput
            label="Budget"
            placeholder="e.g. $500"
            description="Optional"
            {...form.getInputProps('budget')}
          />
        </SimpleGrid>
        <FileInput
          label="Files"
          description={`Audio, video or .zip; up to ${limits.maxFiles} files, each under 400MB`}
          placeholder="Choose files"
          multiple
          clearable
          accept={ACCEPT}
          leftSection={<IconPaperclip size={16} aria-hidden />}
          value={files}
          onChange={onFilesChange}
        />
        {unfinished.length > 0 && !uploading && (
          <Text size="sm" c="orange.8" data-testid="upload-unfinished">
            {uploadMessages.chooseAgain(unfinished.join(', '))}
          </Text>
        )}
        {files.length > 0 && !uploading && (
          <Text size="xs" c="dimmed" aria-live="polite">
            {files.length} {files.length === 1 ? 'file' : 'files'}, {formatBytes(totalBytes)} in
            total
          </Text>
        )}
        {uploading && (
          <Stack gap={6} data-testid="upload-progress">
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500} id="upload-overall-label">
                Uploading {overall}%
              </Text>
              <Text size="xs" c="dimmed" aria-live="polite">
                {waiting ? uploadMessages.waitingForNetwork : (eta ?? 'Starting...')}
              </Text>
            </Group>
            <Progress
              value={overall}
              size="md"
              animated={overall < 100}
              aria-labelledby="upload-overall-label"
              data-testid="upload-overall"
            />
            {files.map((file, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed during an upload, and two files may share a name.
              <Group key={`${file.name}-${i}`} gap="xs" wrap="nowrap">
                <Text size="xs" truncate="end" w={160} title={file.name}>
                  {file.name}
                </Text>
                <Progress
                  value={perFile[i] ?? 0}
                  size="sm"
                  style={{ flex: 1 }}
                  aria-label={`${file.name} upload progress`}
                  data-testid="upload-file"
                />
                <Text size="xs" c="dimmed" w={36} ta="right">
                  {perFile[i] ?? 0}%
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          {uploading ? (
            <Button variant="default" color="red" onClick={cancelUpload}>
              Cancel upload
            </Button>
          ) : (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            loading={submit.isPending}
            leftSection={<IconSend size={18} aria-hidden />}
          >
            Submit Project
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
