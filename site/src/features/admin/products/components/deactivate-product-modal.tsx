import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { shopMessages } from '@studio/shared/messages/shop';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { useDeactivateProduct } from '../api/deactivate-product';
import type { AdminProduct } from '../api/list-products';

/** The API's DELETE keeps the product (orders name it) and hides it from the shop. */
export function DeactivateProductModal({
  product,
  onClose,
}: {
  product: AdminProduct | null;
  onClose: () => void;
}) {
  const deactivate = useDeactivateProduct();
  return (
    <Modal
      opened={product !== null}
      onClose={deactivate.isPending ? () => {} : onClose}
      title="Deactivate product?"
      size="md"
      centered
    >
      {product && (
        <Stack gap="md">
          <Text size="sm">
            <strong>{product.name}</strong> will no longer be shown in the shop or be available to
            order. Past orders keep it, and you can activate it again at any time.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep active
            </Button>
            <Button
              color="red"
              loading={deactivate.isPending}
              onClick={() =>
                deactivate.mutate(product.id, {
                  onSuccess: () => {
                    toast.success(shopMessages.deactivated(product.name), ADMIN_TOAST);
                    onClose();
                  },
                  onError: (e) =>
                    toast.error(errorMessage(e, shopMessages.deactivateFailed), ADMIN_TOAST),
                })
              }
            >
              Deactivate
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
