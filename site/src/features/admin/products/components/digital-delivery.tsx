import { Divider, NumberInput, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { downloadLimits } from '@studio/shared/downloads';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { ProductFilesSection } from './product-files-section';
import type { ProductFormValues } from './product-form';

/**
 * A digital product's delivery (decision 045): how many downloads of each file an order gives
 * and for how many days (empty: no limit), and, once the product exists, its files.
 */
export function DigitalDelivery({
  form,
  productId,
}: {
  form: UseFormReturnType<ProductFormValues>;
  /** The saved digital product's id; null while it is new (or not saved as digital yet). */
  productId: string | null;
}) {
  return (
    <>
      <Divider label="Digital delivery" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Downloads per file"
          description="Per order; empty for no limit"
          min={1}
          max={downloadLimits.maxDownloadLimit}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('downloadLimit')}
          onChange={(v) => form.setFieldValue('downloadLimit', typeof v === 'number' ? v : '')}
        />
        <NumberInput
          label="Days of access"
          description="From payment; empty for access that never ends"
          min={1}
          max={downloadLimits.maxDownloadDays}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('downloadDays')}
          onChange={(v) => form.setFieldValue('downloadDays', typeof v === 'number' ? v : '')}
        />
      </SimpleGrid>
      {productId ? (
        <ProductFilesSection productId={productId} />
      ) : (
        <Text size="sm" c="dimmed">
          {downloadMessages.filesAfterCreate}
        </Text>
      )}
    </>
  );
}
