import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ItemUpdateInput } from '../../../server/contract/admin.ts';
import { FormField } from '../../components/form-field.tsx';

type SharedField = keyof ItemUpdateInput;

interface ItemFieldsProps {
  /** The form's `register`, narrowed to the shared fields. */
  field: (name: SharedField) => UseFormRegisterReturn;
  errors: Partial<Record<SharedField, { message?: string }>>;
  labels: { name: string; image: string };
  /** Add items puts its category choice among the fields. */
  children?: React.ReactNode;
}

/** The fields Add items and Update item share. */
export function ItemFields({ field, errors, labels, children }: ItemFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label={labels.name} error={errors.name?.message}>
        <input className="field" {...field('name')} />
      </FormField>
      <FormField label="Price" error={errors.price?.message}>
        <input className="field" inputMode="decimal" {...field('price')} />
      </FormField>
      <FormField label="Quantity" error={errors.quantity?.message}>
        <input className="field" inputMode="numeric" {...field('quantity')} />
      </FormField>
      <FormField label={labels.image} error={errors.image?.message}>
        <input className="field" inputMode="url" placeholder="https://… or /images/…" {...field('image')} />
      </FormField>
      {children}
      <div className="sm:col-span-2">
        <FormField label="Description" error={errors.description?.message}>
          <textarea className="field min-h-32" {...field('description')} />
        </FormField>
      </div>
    </div>
  );
}
