import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { shopMessages } from '@studio/shared/messages/shop';
import { formatUsd } from '@studio/shared/money';
import { useEffect } from 'react';
import { ApiError } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { MoneyInput } from '../../components/money-input';
import { useCreateProduct } from '../api/create-product';
import type { AdminProduct } from '../api/list-products';
import { useUpdateProduct } from '../api/update-product';
import { DigitalDelivery } from './digital-delivery';
import {
  createBody,
  emptyProductForm,
  formPathOfIssue,
  type ProductFormValues,
  productFormValues,
  salePriceCents,
  updateBody,
  validateProductForm,
} from './product-form';

export const CATEGORY_OPTIONS = [
  { value: 'book', label: 'Book' },
  { value: 'apparel', label: 'Apparel' },
  { value: 'digital', label: 'Digital' },
];

/** Create (no `product`) or edit one product: every field the API accepts except images. */
export function ProductFormModal({
  opened,
  product,
  onClose,
  onCreated,
}: {
  opened: boolean;
  product: AdminProduct | null;
  onClose: () => void;
  /** A new digital product stays open, as itself, so its files can be added. */
  onCreated?: (product: AdminProduct) => void;
}) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const form = useForm<ProductFormValues>({
    initialValues: emptyProductForm,
    validate: validateProductForm,
    validateInputOnBlur: true,
  });

  // A fresh form each time the modal opens, for a new product or the one being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only on open and on another product
  useEffect(() => {
    if (!opened) return;
    const values = product ? productFormValues(product) : emptyProductForm;
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, product?.id]);

  const saving = create.isPending || update.isPending;
  const { priceCents, onSale, discountPercentage } = form.values;
  const salePreview =
    onSale &&
    typeof priceCents === 'number' &&
    typeof discountPercentage === 'number' &&
    discountPercentage >= 1 &&
    discountPercentage <= 99
      ? formatUsd(salePriceCents(priceCents, discountPercentage))
      : null;

  const submit = form.onSubmit(async (values) => {
    try {
      if (product) {
        await update.mutateAsync({ id: product.id, body: updateBody(values, product) });
        toast.success(shopMessages.updated(values.name.trim()), ADMIN_TOAST);
      } else {
        const created = await create.mutateAsync(createBody(values));
        toast.success(shopMessages.created(values.name.trim()), ADMIN_TOAST);
        if (created.category === 'digital' && onCreated) return onCreated(created);
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        form.setErrors(
          Object.fromEntries(error.issues.map((i) => [formPathOfIssue(i.path), i.message])),
        );
      }
      toast.error(
        errorMessage(error, product ? shopMessages.updateFailed : shopMessages.createFailed),
        ADMIN_TOAST,
      );
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={saving ? () => {} : onClose}
      title={product ? `Edit ${product.name}` : 'New product'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close', disabled: saving }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              withAsterisk
              maxLength={200}
              data-autofocus
              {...form.getInputProps('name')}
            />
            <TextInput
              label="SKU"
              description="Letters, digits, dot, dash and underscore"
              withAsterisk
              maxLength={40}
              {...form.getInputProps('sku')}
            />
            <Select
              label="Category"
              withAsterisk
              data={CATEGORY_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('category')}
              value={form.values.category || null}
              onChange={(v) =>
                form.setFieldValue('category', (v ?? '') as ProductFormValues['category'])
              }
            />
            <NumberInput
              label="Stock"
              description="Units available to order"
              withAsterisk
              min={0}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('stock')}
              onChange={(v) => form.setFieldValue('stock', typeof v === 'number' ? v : '')}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={5000}
            {...form.getInputProps('description')}
          />

          <Divider label="Price and sale" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MoneyInput
              label="Price"
              withAsterisk
              {...form.getInputProps('priceCents')}
              value={form.values.priceCents}
              onChange={(cents) => form.setFieldValue('priceCents', cents)}
            />
            <Switch
              label="On sale"
              description="A discount off the price"
              mt={{ sm: 'xl' }}
              {...form.getInputProps('onSale', { type: 'checkbox' })}
            />
            <NumberInput
              label="Discount"
              suffix="%"
              min={1}
              max={99}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              disabled={!onSale}
              description={salePreview ? `Sale price ${salePreview}` : 'From 1 to 99%'}
              {...form.getInputProps('discountPercentage')}
              onChange={(v) =>
                form.setFieldValue('discountPercentage', typeof v === 'number' ? v : '')
              }
            />
          </SimpleGrid>

          <Divider label="Shop listing" labelPosition="left" />
          <TagsInput
            label="Tags"
            description="Press Enter after each tag; the shop shows the first 3"
            maxTags={20}
            {...form.getInputProps('tags')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Listing type"
              placeholder="None"
              data={[
                { value: 'book', label: 'Book' },
                { value: 'shopify', label: 'Shopify' },
              ]}
              // The API merges metadata, so a stored type cannot be cleared, only changed.
              clearable={!product?.metadata.type}
              value={form.values.metadata.type || null}
              onChange={(v) =>
                form.setFieldValue(
                  'metadata.type',
                  (v ?? '') as ProductFormValues['metadata']['type'],
                )
              }
              error={form.errors['metadata.type']}
            />
            <TextInput
              label="Barnes & Noble URL"
              type="url"
              placeholder="https://"
              {...form.getInputProps('metadata.barnesNobleUrl')}
            />
            <TextInput
              label="Shopify URL"
              type="url"
              placeholder="https://"
              {...form.getInputProps('metadata.shopifyUrl')}
            />
            <TextInput
              label="Other shop URL"
              type="url"
              placeholder="https://"
              {...form.getInputProps('metadata.externalUrl')}
            />
          </SimpleGrid>
          {(form.values.metadata.barnesNobleUrl ||
            form.values.metadata.shopifyUrl ||
            form.values.metadata.externalUrl) && (
            <Alert variant="light" color="blue">
              With a link, the product is bought on that shop; it cannot be ordered here.
            </Alert>
          )}
          {form.values.category === 'digital' && (
            <DigitalDelivery
              form={form}
              productId={product?.category === 'digital' ? product.id : null}
            />
          )}
          <Switch
            label="Active"
            description="Shown in the shop and available to order"
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          {!product && (
            <Text size="sm" c="dimmed">
              Add images once the product is created, with its Images button.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {product ? 'Save changes' : 'Create product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
