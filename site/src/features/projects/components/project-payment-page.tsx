import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ProjectPayment } from './project-payment';

/**
 * The page the confirmation e-mail links to: a submission left unpaid (the payment modal was
 * cancelled or closed) is paid here later, with the same three methods.
 */
export function ProjectPaymentPage({
  submissionId,
  initialMethod,
}: {
  submissionId: string;
  initialMethod?: PaymentMethod;
}) {
  const [paid, setPaid] = useState(false);
  return (
    <Container size="sm" pt={{ base: 96, sm: 128 }} pb={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Pay for your project
            </Title>
            <Text size="sm" c="dimmed">
              Your project is saved. Pay its fixed price here with PayPal, USDT or Alephium.
            </Text>
          </Stack>
          <ProjectPayment
            submissionId={submissionId}
            {...(initialMethod ? { initialMethod } : {})}
            onPaid={() => setPaid(true)}
          />
          {paid && (
            <Group gap="sm">
              {/* The room keeps the link it was opened with, in this tab (decision 046). */}
              <Button component="a" href={`/projects/${encodeURIComponent(submissionId)}`}>
                Open your project room
              </Button>
              <Button component={Link} to="/" variant="light">
                Back to the home page
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
