import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconFlame, IconShoppingCartPlus } from '@tabler/icons-react';
import { useId } from 'react';
import type { LandingService } from '../api/get-services';
import classes from './services-section.module.css';

/** "$440", "$2,200": the card shows whole dollars, as the spec writes its card prices. */
export function cardPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

interface ServiceCardProps {
  service: LandingService;
  onPurchase: (title: string) => void;
  /** The visitor is about to press Purchase (hover, focus): a chance to load the form. */
  onPurchaseIntent?: () => void;
}

/** One service: its card (list) price, what is included, and Purchase to start a submission. */
export function ServiceCard({ service, onPurchase, onPurchaseIntent }: ServiceCardProps) {
  const titleId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      radius="lg"
      padding="lg"
      withBorder
      className={classes.card}
      data-popular={service.popular || undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={5} id={titleId} className={classes.cardTitle}>
            {service.title}
          </Title>
          {service.popular && (
            <Badge
              variant="gradient"
              gradient={{ from: 'grape', to: 'violet' }}
              leftSection={<IconFlame size={12} aria-hidden />}
              className={classes.popular}
            >
              Popular
            </Badge>
          )}
        </Group>
        <Text className={classes.price} data-testid="service-price">
          {cardPrice(service.listPriceCents)}
        </Text>
        <Text size="sm" c="gray.4">
          {service.description}
        </Text>
        <List
          size="sm"
          spacing={6}
          center
          className={classes.features}
          icon={
            <ThemeIcon size={18} radius="xl" variant="light" color="teal">
              <IconCheck size={12} aria-hidden />
            </ThemeIcon>
          }
        >
          {service.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          mt="auto"
          fullWidth
          variant={service.popular ? 'filled' : 'light'}
          leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
          onClick={() => onPurchase(service.title)}
          onMouseEnter={onPurchaseIntent}
          onFocus={onPurchaseIntent}
          aria-label={`Purchase ${service.title}`}
        >
          Purchase
        </Button>
      </Stack>
    </Card>
  );
}
