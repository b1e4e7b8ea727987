import { ActionIcon, Box, Button, Group, Indicator, Text, UnstyledButton } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconDeviceGamepad2, IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { business } from '../../config/business';
import { useAuth } from '../../features/auth/auth-provider';
import { useCart } from '../../features/cart/hooks/use-cart';
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
          <AccountButton />
        </Group>
      </Group>
    </Box>
  );
}

/** The cart link, with how many items it holds (kept in this browser, see features/cart). */
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

const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

function AccountButton() {
  const { user, isAdmin } = useAuth();
  if (!user) {
    return (
      <Button component={Link} to="/login" size="sm" variant="default">
        Sign in
      </Button>
    );
  }
  // Until the menu's code arrives, the same icon holds its place (no layout shift), inert: a
  // button that opened nothing would swallow the click.
  const placeholder = (
    <ActionIcon component="span" size="lg" variant="subtle" aria-hidden>
      <IconUserCircle size={22} aria-hidden />
    </ActionIcon>
  );
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu user={user} isAdmin={isAdmin} />
    </Suspense>
  );
}
