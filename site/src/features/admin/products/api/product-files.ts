import { downloadMessages } from '@studio/shared/messages/downloads';
import type {
  ProductFileAttachInput,
  ProductFileChangeAnswer,
  ProductFilesAnswer,
} from '@studio/shared/schemas/downloads';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

export const productFilesKey = (id: string) => ['admin', 'products', 'files', id] as const;

/** GET /api/admin/products/:id/files: its current files, and the limits on them. */
export async function getProductFiles(api: AdminApi, id: string): Promise<ProductFilesAnswer> {
  return unwrap(
    api.admin.products[':id'].files.$get({ param: { id } }),
    downloadMessages.filesLoadFailed,
  );
}

export function useProductFiles(id: string | null) {
  const api = useAdminApi();
  return useQuery({
    queryKey: productFilesKey(id ?? ''),
    queryFn: () => getProductFiles(api, id ?? ''),
    enabled: id !== null,
    ...ADMIN_QUERY_DEFAULTS,
  });
}

/** POST /api/admin/products/file-drafts: a draft the admin's uploads go into. */
export async function createFileDraft(api: AdminApi) {
  return unwrap(api.admin.products['file-drafts'].$post(), downloadMessages.fileUploadFailed);
}

/** The browser's own fetch: no 30 s limit (the dashboard's fetch has one, spec 7). */
const untimedFetch: typeof fetch = (input, init) => fetch(input, init);

/**
 * POST /api/admin/products/:id/files: a completed upload made a file of the product (or put in
 * place of `replaces`). The API copies and hashes the whole file (up to 8 GiB) before it answers,
 * which can take minutes: under the 30 s limit the admin would be told it failed while it is
 * being added. Without the dashboard's fetch, its 401 rule is the caller's.
 */
export async function attachProductFile(
  api: AdminApi,
  id: string,
  body: ProductFileAttachInput,
): Promise<ProductFileChangeAnswer> {
  return unwrap(
    api.admin.products[':id'].files.$post({ param: { id }, json: body }, { fetch: untimedFetch }),
    downloadMessages.fileAddFailed,
  );
}

/** DELETE /api/admin/products/:id/files/:fileId */
export async function removeProductFile(api: AdminApi, id: string, fileId: string) {
  return unwrap(
    api.admin.products[':id'].files[':fileId'].$delete({ param: { id, fileId } }),
    downloadMessages.fileRemoveFailed,
  );
}

/** Puts the files a change answered in the list's place. */
export function useSetProductFiles() {
  const queryClient = useQueryClient();
  return (id: string, files: ProductFileChangeAnswer['files']) =>
    queryClient.setQueryData<ProductFilesAnswer>(productFilesKey(id), (before) =>
      before ? { ...before, files } : before,
    );
}

export function useRemoveProductFile() {
  const api = useAdminApi();
  const setFiles = useSetProductFiles();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) =>
      removeProductFile(api, id, fileId),
    onSuccess: (answer, { id }) => setFiles(id, answer.files),
  });
}
