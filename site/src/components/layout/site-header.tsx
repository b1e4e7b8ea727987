import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Menu,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { messages } from '@studio/shared/messages';
import { IconDeviceGamepad2, IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { business } from '../../lib/business';
import { useCart } from '../../lib/cart/use-cart';
import { toast } from '../../lib/toast';
import { BrandMark } from './brand-mark';
import classes from './site-header.module.css';

/** Spec 9: the header turns opaque once the page has scrolled more than 50 px. */
export const HEADER_SCROLL_THRESHOLD = 50;

/**
 * The fixed header on every page (spec 2): logo and brand title, the game-server promo line on
 * large screens only, a button to /minecraft, the cart, and the account menu.
 */
export function SiteHeader() {
  const [scroll] = useWindowScroll();
  const scrolled = scroll.y > HEADER_SCROLL_THRESHOLD;
  return (
    <Box
      component="header"
      className={classes.header}
      data-scrolled={scrolled || undefined}
      aria-label="Site header"
    >
      <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
        <UnstyledButton component={Link} to="/" className={classes.brand} aria-label="Studio home">
          <BrandMark size={32} />
          <Text component="span" fw={800} fz={{ base: 'lg', sm: 'xl' }} className={classes.title}>
            {business.name}
          </Text>
        </UnstyledButton>

        <Text visibleFrom="lg" size="sm" c="gray.3" className={classes.promo}>
          Join our modded Minecraft server and build with the community
        </Text>

        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to="/minecraft"
            size="sm"
            variant="gradient"
            gradient={{ from: 'violet', to: 'cyan' }}
            leftSection={<IconDeviceGamepad2 size={18} aria-hidden />}
            visibleFrom="sm"
          >
            Minecraft Server
          </Button>
          <ActionIcon
            component={Link}
            to="/minecraft"
            size="lg"
            variant="gradient"
            gradient={{ from: 'violet', to: 'cyan' }}
            aria-label="Minecraft Server"
            hiddenFrom="sm"
          >
            <IconDeviceGamepad2 size={20} aria-hidden />
          </ActionIcon>
          <CartButton />
          <AccountMenu />
        </Group>
      </Group>
    </Box>
  );
}

/** The cart link, with how many items it holds (kept in this browser, see lib/cart). */
function CartButton() {
  const { count } = useCart();
  const label = count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Indicator
      label={<span aria-hidden>{count > 99 ? '99+' : count}</span>}
      size={18}
      offset={4}
      disabled={count === 0}
      color="teal"
    >
      <ActionIcon component={Link} to="/cart" size="lg" variant="subtle" aria-label={label}>
        <IconShoppingCart size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

function AccountMenu() {
  const { user, isAdmin, store } = useAuth();
  const navigate = useNavigate();
  if (!user) {
    return (
      <Button component={Link} to="/login" size="sm" variant="default">
        Sign in
      </Button>
    );
  }
  const logout = async () => {
    await store.logout();
    toast.success(messages.auth.loggedOut);
    await navigate({ to: '/' });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon size="lg" variant="subtle" aria-label={`Account: ${user.firstName}`}>
          <IconUserCircle size={22} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user.firstName} {user.lastName}
        </Menu.Label>
        <Menu.Item component={Link} to="/profile">
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/orders">
          Orders
        </Menu.Item>
        {isAdmin && (
          <Menu.Item component={Link} to="/admin">
            Admin dashboard
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
