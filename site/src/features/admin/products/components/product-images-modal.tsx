import {
  Button,
  Card,
  Center,
  FileInput,
  Group,
  Modal,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { limits } from '@studio/shared/limits';
import { shopMessages } from '@studio/shared/messages/shop';
import { IconPhotoOff, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ResponsiveImage } from '../../../../components/ui/responsive-image';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { useAddProductImage } from '../api/add-product-image';
import type { AdminProduct } from '../api/list-products';
import { useRemoveProductImage } from '../api/remove-product-image';
import { useImageSrc } from './product-thumb';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** The API's messages for the same mistakes (api/src/services/products/add-product-image.ts). */
const BAD_TYPE = shopMessages.imageType;
const TOO_LARGE = shopMessages.imageTooLarge;

function ImageCard({
  product,
  image,
}: {
  product: AdminProduct;
  image: AdminProduct['images'][number];
}) {
  const { url, alt } = image;
  const src = useImageSrc();
  const remove = useRemoveProductImage();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder padding="xs" radius="md">
      <Card.Section>
        <ResponsiveImage
          image={image}
          alt={alt}
          sizes="(min-width: 36em) 240px, 100vw"
          resolve={src}
          style={{ display: 'block', width: '100%', height: 140, objectFit: 'cover' }}
          fallback={
            <Center h={140} bg="var(--mantine-color-default-hover)" role="img" aria-label={alt}>
              <IconPhotoOff size={32} color="var(--mantine-color-dimmed)" aria-hidden />
            </Center>
          }
        />
      </Card.Section>
      <Stack gap={6} mt="xs">
        <Text size="xs" c="dimmed">
          Alt text
        </Text>
        <Text size="sm" lineClamp={2} title={alt}>
          {alt}
        </Text>
        <Popover opened={confirming} onChange={setConfirming} withArrow shadow="md" trapFocus>
          <Popover.Target>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming((o) => !o)}
              aria-label={`Remove image ${alt}`}
            >
              Remove
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs">
              <Text size="sm">Remove this image from {product.name}?</Text>
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
                <Button
                  size="xs"
                  color="red"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { id: product.id, url },
                      {
                        onSuccess: () => {
                          setConfirming(false);
                          toast.success(shopMessages.imageRemoved, ADMIN_TOAST);
                        },
                        onError: (e) =>
                          toast.error(errorMessage(e, shopMessages.imageRemoveFailed), ADMIN_TOAST),
                      },
                    )
                  }
                >
                  Remove image
                </Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Stack>
    </Card>
  );
}

/**
 * A product's images: upload one at a time with its alt text, remove. The API has no call to
 * change an image's alt text afterwards: upload it again with the new text and remove the old.
 */
export function ProductImagesModal({
  product,
  onClose,
}: {
  product: AdminProduct | null;
  onClose: () => void;
}) {
  const upload = useAddProductImage();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const productId = product?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a clean upload form per product
  useEffect(() => {
    setFile(null);
    setAlt('');
    setFileError(null);
  }, [productId]);

  const choose = (next: File | null) => {
    setFile(next);
    setFileError(
      !next
        ? null
        : !IMAGE_TYPES.includes(next.type)
          ? BAD_TYPE
          : next.size > limits.maxImageBytes
            ? TOO_LARGE
            : null,
    );
  };

  const send = () => {
    if (!product) return;
    if (!file) return setFileError(shopMessages.imageRequired);
    if (fileError) return;
    upload.mutate(
      { id: product.id, image: file, alt },
      {
        onSuccess: () => {
          setFile(null);
          setAlt('');
          toast.success(shopMessages.imageUploaded, ADMIN_TOAST);
        },
        onError: (e) => toast.error(errorMessage(e, shopMessages.imageUploadFailed), ADMIN_TOAST),
      },
    );
  };

  return (
    <Modal
      opened={product !== null}
      onClose={upload.isPending ? () => {} : onClose}
      title={product ? `Images of ${product.name}` : 'Images'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {product && (
        <Stack gap="lg">
          {product.images.length === 0 ? (
            <Text c="dimmed" size="sm">
              No images yet. The shop shows a placeholder until one is added.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
              {product.images.map((image) => (
                <ImageCard key={image.url} product={product} image={image} />
              ))}
            </SimpleGrid>
          )}
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Text fw={600}>Add an image</Text>
              <FileInput
                label="Image"
                description="JPEG, PNG or WebP, under 5 MB; the first image is the shop's"
                placeholder="Choose a file"
                accept={IMAGE_TYPES.join(',')}
                clearable
                value={file}
                onChange={choose}
                error={fileError}
                leftSection={<IconPhotoUp size={16} aria-hidden />}
              />
              <TextInput
                label="Alt text"
                description={`Describes the image for screen readers; empty uses "${product.name}"`}
                maxLength={200}
                value={alt}
                onChange={(e) => setAlt(e.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button onClick={send} loading={upload.isPending} disabled={!!fileError}>
                  Upload image
                </Button>
              </Group>
            </Stack>
          </Card>
        </Stack>
      )}
    </Modal>
  );
}
