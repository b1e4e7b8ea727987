import type { ApiIssue } from '@studio/shared/errors';
import type { QueryClient } from '@tanstack/react-query';
import type { ClientResponse } from 'hono/client';
import { ApiError, unwrap } from '../../../../lib/api-error';

/** An admin call's error with the server's per-field `issues`, so a form can show each one. */
export class AdminApiError extends ApiError {
  constructor(
    message: string,
    status: number,
    code: string | undefined,
    readonly issues: ApiIssue[],
  ) {
    super(message, status, code);
    this.name = 'AdminApiError';
  }
}

async function readIssues(res: Response): Promise<ApiIssue[]> {
  try {
    const body: unknown = await res.json();
    const issues = (body as { issues?: unknown } | null)?.issues;
    if (!Array.isArray(issues)) return [];
    return issues.filter(
      (i): i is ApiIssue =>
        typeof i === 'object' &&
        i !== null &&
        typeof (i as ApiIssue).path === 'string' &&
        typeof (i as ApiIssue).message === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * `unwrap` (the server's message, else `fallback`) that also keeps the `issues` of a 400, read
 * from a copy of the body so `unwrap` still reads the original once.
 */
export async function unwrapWithIssues<R extends ClientResponse<unknown, number, 'json'>>(
  call: Promise<R>,
  fallback: string,
): Promise<Awaited<ReturnType<typeof unwrap<R>>>> {
  let issues: ApiIssue[] = [];
  const tapped = call.then(async (res) => {
    if (!res.ok) issues = await readIssues((res as unknown as Response).clone());
    return res;
  });
  try {
    return await unwrap(tapped, fallback);
  } catch (error) {
    if (error instanceof ApiError && issues.length > 0)
      throw new AdminApiError(error.message, error.status, error.code, issues);
    throw error;
  }
}

/** The message to show for a failed call: the server's, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

interface ProductsPageShape {
  products: { id: string }[];
}

/** Puts a changed product (as the API answered it) into every cached admin list page at once. */
export function replaceProductInLists<P extends { id: string }>(
  queryClient: QueryClient,
  product: P,
) {
  queryClient.setQueriesData<ProductsPageShape>(
    { queryKey: ['admin', 'products', 'list'] },
    (page) =>
      page && {
        ...page,
        products: page.products.map((p) => (p.id === product.id ? product : p)),
      },
  );
}

/**
 * After a product changes: the admin list, the dashboard's product counts, and the public shop
 * (the same QueryClient serves /admin and the landing page).
 */
export function invalidateProducts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'products'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
  ]);
}
