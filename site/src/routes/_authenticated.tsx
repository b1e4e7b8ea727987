import { createFileRoute, Outlet } from '@tanstack/react-router';

/**
 * Pathless layout for the routes the spec marks "login required" (/profile, /orders,
 * /orders/$id) and "admin only" (/admin). The sign-in guard goes in this route's `beforeLoad`
 * (redirect to /login, remembering the origin); /admin adds its own role check on top.
 */
export const Route = createFileRoute('/_authenticated')({
  component: Outlet,
});
