import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { RoutePending } from '../components/ui/route-pending';

/**
 * Pathless layout for the routes the spec marks "login required" (/profile, /orders,
 * /orders/$id) and "admin only" (/admin). Spec 2, access guards: while the session check runs a
 * spinner shows; with no user the visitor goes to /login, which remembers where they were.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    await context.auth.whenReady();
    if (!context.auth.getState().user) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  pendingMs: 0,
  pendingComponent: RoutePending,
  component: Outlet,
});
