import { Alert, Button, Container, Stack } from '@mantine/core';
import { httpMessages } from '@studio/shared/messages/http';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-error';

/** The fallback when a route throws while loading or rendering. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    // Re-runs the loaders, so a failed fetch is tried again rather than the same error re-shown.
    void router.invalidate();
  };
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" title={httpMessages.pageFailedTitle}>
          {/* The server's own words are meant for people; anything else may be a stack or a
              module name, so it gets a plain sentence. */}
          {error instanceof ApiError ? error.message : httpMessages.pageFailed}
        </Alert>
        <Button variant="light" onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Container>
  );
}
