import type { QueryClient } from '@tanstack/react-query';

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
