import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import type { ServiceCategory } from '@studio/shared/catalog/services';
import { serviceUpdateSchema } from '@studio/shared/schemas/admin';
import type { AdminService } from '../api/list-services';
import type { ServiceUpdateBody } from '../api/update-service';

export interface ServiceFormValues {
  title: string;
  category: ServiceCategory;
  description: string;
  features: string[];
  popular: boolean;
  isActive: boolean;
  listPriceCents: number | '';
  /** Off: the service has no online payment (`checkoutPriceCents: null`). */
  onlinePayment: boolean;
  checkoutPriceCents: number | '';
}

export function serviceFormValues(service: AdminService): ServiceFormValues {
  return {
    title: service.title,
    category: service.category as ServiceCategory,
    description: service.description,
    features: [...service.features],
    popular: service.popular,
    isActive: service.isActive,
    listPriceCents: service.listPriceCents,
    onlinePayment: service.checkoutPriceCents !== null,
    checkoutPriceCents: service.checkoutPriceCents ?? '',
  };
}

/** The PUT body: every field of the form, empty feature lines dropped. */
export function serviceBody(values: ServiceFormValues): ServiceUpdateBody {
  return {
    title: values.title,
    category: values.category,
    description: values.description,
    features: values.features.map((f) => f.trim()).filter(Boolean),
    popular: values.popular,
    isActive: values.isActive,
    listPriceCents: values.listPriceCents === '' ? 0 : values.listPriceCents,
    checkoutPriceCents: values.onlinePayment
      ? values.checkoutPriceCents === ''
        ? 0
        : values.checkoutPriceCents
      : null,
  };
}

const schemaErrors = schemaResolver(serviceUpdateSchema, { sync: true });

/** The shared schema's messages, plus empty price boxes (the schema would read them as $0.00). */
export function validateServiceForm(values: ServiceFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(schemaErrors(serviceBody(values)))) {
    // Feature paths count the non-empty lines; the list shows one message for all.
    errors[path.startsWith('features') ? 'features' : path] = message;
  }
  if (values.listPriceCents === '') errors.listPriceCents = 'Card price is required';
  if (values.onlinePayment && values.checkoutPriceCents === '')
    errors.checkoutPriceCents = 'Payment price is required';
  return errors;
}

export function formPathOfIssue(path: string): string {
  return path.startsWith('features') ? 'features' : path;
}
