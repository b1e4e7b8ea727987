import { FileInput } from '@mantine/core';
import { limits } from '@studio/shared/limits';
import { blastMessages as m } from '@studio/shared/messages/blasts';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';

const ACCEPTED = ['image/jpeg', 'image/png', 'application/pdf'];

/** Spec 5: JPEG, PNG or PDF, at most 5 MB; the server judges the bytes again. */
export function attachmentProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return m.fileType;
  if (file.size > limits.maxImageBytes) return m.fileTooLarge;
  return null;
}

/** The blast's optional flyer: a refused file is not kept, and says why. */
export function AttachmentField({
  value,
  onChange,
  disabled,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <FileInput
      label="Flyer attachment"
      description="Optional: JPEG, PNG or PDF, at most 5 MB"
      placeholder="Attach a file"
      accept={ACCEPTED.join(',')}
      clearable
      leftSection={<IconPaperclip size={16} aria-hidden />}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(file) => {
        const problem = file ? attachmentProblem(file) : null;
        setError(problem);
        if (problem) {
          toast.error(problem, ADMIN_TOAST);
          onChange(null);
          return;
        }
        onChange(file);
        if (file) toast.success(m.flyerAttached, ADMIN_TOAST);
      }}
    />
  );
}
