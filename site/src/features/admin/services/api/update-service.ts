import { audioServiceMessages } from '@studio/shared/messages/audio-services';
import type { serviceUpdateSchema } from '@studio/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

export type ServiceUpdateBody = z.input<typeof serviceUpdateSchema>;

/** PUT /api/admin/services/:id: the card's texts, both prices, popular and active. */
export async function updateService(api: AdminApi, id: string, body: ServiceUpdateBody) {
  const { service } = await unwrap(
    api.admin.services[':id'].$put({ param: { id }, json: body }),
    audioServiceMessages.updateFailed,
  );
  return service;
}

export function useUpdateService() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ServiceUpdateBody }) =>
      updateService(api, id, body),
    // The landing page's cards and payment modal read ['services'] from the same cache.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'services'] }),
        queryClient.invalidateQueries({ queryKey: ['services'] }),
      ]),
  });
}
