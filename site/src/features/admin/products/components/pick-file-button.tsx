import { Button, type ButtonProps, FileButton } from '@mantine/core';
import { type ReactNode, useRef } from 'react';

/**
 * A button that opens the file dialog and hands over the file chosen. Its input is emptied after
 * each choice, so the same file chosen again (after a cancel) is a choice too.
 */
export function PickFileButton({
  onFile,
  disabled,
  children,
  ...button
}: ButtonProps & {
  onFile: (file: File) => void;
  disabled?: boolean;
  'aria-label'?: string;
  children: ReactNode;
}) {
  const reset = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={reset}
      disabled={disabled}
      onChange={(file) => {
        reset.current?.();
        if (file) onFile(file);
      }}
    >
      {(props) => (
        <Button disabled={disabled} {...button} {...props}>
          {children}
        </Button>
      )}
    </FileButton>
  );
}
