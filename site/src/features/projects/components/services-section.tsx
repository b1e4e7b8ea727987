import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type ServiceCategory, serviceCategories } from '@studio/shared/catalog/services';
import {
  IconDeviceGamepad2,
  IconHeadphones,
  IconMovie,
  IconSend,
  IconWaveSine,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Disclosure } from '../../../components/ui/disclosure';
import { retryableImport, useRetryableImport } from '../../../lib/lazy-retry';
import { type LandingService, useServices } from '../api/get-services';
import { ServiceCard } from './service-card';
import classes from './services-section.module.css';

// The form (Modal, FileInput, Select...) loads on first use, not with the page: the landing
// page's initial JavaScript has a 250 KB budget. Hovering or focusing a button starts the load.
const submitModal = retryableImport(() =>
  import('./submit-project-modal').then((m) => m.SubmitProjectModal),
);
// Payment code (PayPal, wallets) loads once a submission needs paying.
const paymentModal = retryableImport(() => import('./payment-modal').then((m) => m.PaymentModal));

interface Payer {
  submissionId: string;
  name: string;
  email: string;
}

const CATEGORY_INFO: Record<ServiceCategory, { blurb: string; icon: typeof IconHeadphones }> = {
  'Sound Design': {
    blurb: 'Game, interface and trailer sound, sample packs and Foley',
    icon: IconDeviceGamepad2,
  },
  'Mixing / Mastering': {
    blurb: 'Songs, EPs and albums, mixed and mastered for release',
    icon: IconHeadphones,
  },
  'Post-Production': {
    blurb: 'Film and online-video audio, dialogue rescue',
    icon: IconMovie,
  },
};

function CategoryPanel({
  category,
  services,
  onPurchase,
  onPurchaseIntent,
}: {
  category: ServiceCategory;
  services: LandingService[];
  onPurchase: (title: string) => void;
  onPurchaseIntent: () => void;
}) {
  const { blurb, icon: Icon } = CATEGORY_INFO[category];
  return (
    <Disclosure
      order={4}
      defaultOpen={false}
      compact
      className={classes.category}
      header={
        <Group component="span" gap="md" wrap="nowrap" className={classes.toggleLabel}>
          <ThemeIcon component="span" size={40} radius="md" variant="light" color="violet">
            <Icon size={22} aria-hidden />
          </ThemeIcon>
          <Box component="span" miw={0}>
            <Text component="span" fw={700} fz="lg" display="block">
              {category}
            </Text>
            <Text component="span" size="sm" c="gray.5" display="block">
              {blurb}
            </Text>
          </Box>
          <Badge component="span" variant="default" ml="auto" className={classes.count}>
            {services.length} {services.length === 1 ? 'service' : 'services'}
          </Badge>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p={{ base: 'xs', sm: 'md' }} pt={0}>
        {services.map((service) => (
          <ServiceCard
            // The SKU, not the id: the same across the catalog stand-in and the API's list.
            key={service.sku}
            service={service}
            onPurchase={onPurchase}
            onPurchaseIntent={onPurchaseIntent}
          />
        ))}
      </SimpleGrid>
    </Disclosure>
  );
}

/**
 * The audio services (spec 2): one 'Audio Services' panel, open at start, holding the three
 * categories, collapsed at start. Purchase or 'Submit Project & Pay' opens the submission form.
 */
export function ServicesSection() {
  const services = useServices();
  // undefined: closed; null: opened without a service; a title: opened with it preselected.
  const [submitFor, setSubmitFor] = useState<string | null | undefined>(undefined);
  const [SubmitProjectModal, withSubmitModal] = useRetryableImport(submitModal);
  const openSubmit = (title: string | null) => withSubmitModal(() => setSubmitFor(title));
  const [payer, setPayer] = useState<Payer | null>(null);
  const [PaymentModal, withPaymentModal] = useRetryableImport(paymentModal);

  return (
    <Box
      component="section"
      id="services"
      aria-labelledby="services-title"
      className={classes.section}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" align="center" ta="center">
            <Text className={classes.eyebrow} c="violet.3">
              What we do
            </Text>
            <Title order={2} id="services-title" className={classes.sectionTitle}>
              Fixed-price audio services
            </Title>
            <Text c="gray.4" maw={620}>
              Pick a service, send your files and notes, and pay securely. Every project is reviewed
              within 24 hours.
            </Text>
          </Stack>

          <Paper radius="xl" withBorder className={classes.panel}>
            <Disclosure
              order={3}
              defaultOpen
              header={
                <Group component="span" gap="md" wrap="nowrap" className={classes.toggleLabel}>
                  <ThemeIcon
                    component="span"
                    size={52}
                    radius="md"
                    variant="gradient"
                    gradient={{ from: 'violet', to: 'cyan' }}
                  >
                    <IconWaveSine size={28} aria-hidden />
                  </ThemeIcon>
                  <Box component="span" miw={0}>
                    <Text
                      component="span"
                      fw={800}
                      fz={{ base: 'xl', sm: '1.6rem' }}
                      display="block"
                    >
                      Audio Services
                    </Text>
                    <Group gap="xs" component="span" className={classes.panelFacts}>
                      {/* The spec keeps '17 Services Available' over 18 cards on purpose (section 2). */}
                      <Text component="span" size="sm" c="gray.3">
                        17 Services Available
                      </Text>
                      <Text
                        component="span"
                        size="sm"
                        c="dimmed"
                        aria-hidden
                        className={classes.dot}
                      >
                        •
                      </Text>
                      <Text component="span" size="sm" fw={700} c="teal.3">
                        Starting at $167
                      </Text>
                    </Group>
                  </Box>
                </Group>
              }
            >
              <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} pt={0}>
                {serviceCategories.map((category) => (
                  <CategoryPanel
                    key={category}
                    category={category}
                    services={services.filter((s) => s.category === category)}
                    onPurchase={openSubmit}
                    onPurchaseIntent={submitModal.preload}
                  />
                ))}
              </Stack>
            </Disclosure>
          </Paper>

          <Group justify="center">
            <Button
              size="lg"
              variant="gradient"
              gradient={{ from: 'violet', to: 'grape' }}
              leftSection={<IconSend size={20} aria-hidden />}
              onClick={() => openSubmit(null)}
              onMouseEnter={submitModal.preload}
              onFocus={submitModal.preload}
            >
              Submit Project &amp; Pay
            </Button>
          </Group>
        </Stack>
      </Container>

      {SubmitProjectModal && (
        <SubmitProjectModal
          opened={submitFor !== undefined}
          initialService={submitFor ?? null}
          services={services}
          onClose={() => setSubmitFor(undefined)}
          onSubmitted={({ submissionId, service, name, email }) => {
            // Spec 4: a service with a payment price goes on to the payment modal.
            if (service.hasPaymentPrice)
              withPaymentModal(() => setPayer({ submissionId, name, email }));
          }}
        />
      )}
      {PaymentModal && (
        <PaymentModal
          submissionId={payer?.submissionId ?? null}
          {...(payer ? { customer: { name: payer.name, email: payer.email } } : {})}
          onClose={() => setPayer(null)}
        />
      )}
    </Box>
  );
}
