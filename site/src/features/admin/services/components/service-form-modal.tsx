import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Input,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { serviceCategories } from '@studio/shared/catalog/services';
import { audioServiceMessages } from '@studio/shared/messages/audio-services';
import { formatUsd } from '@studio/shared/money';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ApiError } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { MoneyInput } from '../../components/money-input';
import type { AdminService } from '../api/list-services';
import { useUpdateService } from '../api/update-service';
import {
  formPathOfIssue,
  type ServiceFormValues,
  serviceBody,
  serviceFormValues,
  validateServiceForm,
} from './service-form';

const MAX_FEATURES = 20;

/** Edit one service: texts, features, popular, active and both prices side by side. */
export function ServiceFormModal({
  service,
  onClose,
}: {
  service: AdminService | null;
  onClose: () => void;
}) {
  const update = useUpdateService();
  const form = useForm<ServiceFormValues>({
    initialValues: {
      title: '',
      category: serviceCategories[0],
      description: '',
      features: [],
      popular: false,
      isActive: true,
      listPriceCents: '',
      onlinePayment: true,
      checkoutPriceCents: '',
    },
    validate: validateServiceForm,
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another service opens
  useEffect(() => {
    if (!service) return;
    const values = serviceFormValues(service);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [service?.id]);

  const { listPriceCents, checkoutPriceCents, onlinePayment, features } = form.values;
  const differ =
    onlinePayment &&
    typeof listPriceCents === 'number' &&
    typeof checkoutPriceCents === 'number' &&
    listPriceCents !== checkoutPriceCents;

  const submit = form.onSubmit(async (values) => {
    if (!service) return;
    try {
      await update.mutateAsync({ id: service.id, body: serviceBody(values) });
      toast.success(audioServiceMessages.updated(values.title.trim()), ADMIN_TOAST);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        form.setErrors(
          Object.fromEntries(error.issues.map((i) => [formPathOfIssue(i.path), i.message])),
        );
      }
      toast.error(errorMessage(error, audioServiceMessages.updateFailed), ADMIN_TOAST);
    }
  });

  return (
    <Modal
      opened={service !== null}
      onClose={update.isPending ? () => {} : onClose}
      title={service ? `Edit ${service.title}` : 'Edit service'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close', disabled: update.isPending }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Title"
              withAsterisk
              maxLength={200}
              data-autofocus
              {...form.getInputProps('title')}
            />
            <Select
              label="Category"
              withAsterisk
              data={[...serviceCategories]}
              allowDeselect={false}
              {...form.getInputProps('category')}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...form.getInputProps('description')}
          />

          <Input.Wrapper
            label="Features"
            description="One line each on the card, in this order"
            error={form.errors.features}
          >
            <Stack gap={6} mt={6}>
              {features.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: controlled inputs; the index is the item
                <Group key={index} gap={6} wrap="nowrap">
                  <TextInput
                    aria-label={`Feature ${index + 1}`}
                    maxLength={200}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`features.${index}`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove feature ${index + 1}`}
                    onClick={() => form.removeListItem('features', index)}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  disabled={features.length >= MAX_FEATURES}
                  onClick={() => form.insertListItem('features', '')}
                >
                  Add feature
                </Button>
              </Group>
            </Stack>
          </Input.Wrapper>

          <Divider label="Prices" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput
              label="Card price"
              description="Shown on the service's card"
              withAsterisk
              {...form.getInputProps('listPriceCents')}
              value={listPriceCents}
              onChange={(cents) => form.setFieldValue('listPriceCents', cents)}
            />
            <Stack gap={6}>
              <MoneyInput
                label="Payment price"
                description="Charged at checkout, before 7% tax"
                withAsterisk={onlinePayment}
                disabled={!onlinePayment}
                {...form.getInputProps('checkoutPriceCents')}
                value={onlinePayment ? checkoutPriceCents : ''}
                onChange={(cents) => form.setFieldValue('checkoutPriceCents', cents)}
              />
              <Switch
                size="sm"
                label="Online payment"
                {...form.getInputProps('onlinePayment', { type: 'checkbox' })}
              />
            </Stack>
          </SimpleGrid>
          {differ && (
            <Alert color="orange" variant="light" title="Prices differ">
              <Stack gap="xs">
                <Text size="sm">
                  The card shows {formatUsd(listPriceCents)} but checkout charges{' '}
                  {formatUsd(checkoutPriceCents)}. Decide the real price:
                </Text>
                <Group gap="xs">
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="orange"
                    onClick={() => form.setFieldValue('checkoutPriceCents', listPriceCents)}
                  >
                    Charge {formatUsd(listPriceCents)}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="orange"
                    onClick={() => form.setFieldValue('listPriceCents', checkoutPriceCents)}
                  >
                    Show {formatUsd(checkoutPriceCents)} on the card
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}

          <Group gap="xl">
            <Switch
              label="Popular"
              description="A Popular badge on the card"
              {...form.getInputProps('popular', { type: 'checkbox' })}
            />
            <Switch
              label="Active"
              description="Listed on the site and open to submissions"
              {...form.getInputProps('isActive', { type: 'checkbox' })}
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
