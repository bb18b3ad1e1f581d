import type { UseFormRegisterReturn } from 'react-hook-form';
import { type ItemUpdateInput, isItemImageAddress } from '../../../contract/admin.ts';
import { DISH_FALLBACK, useImageFallback } from '../../components/fallback-image.tsx';
import { FormField } from '../../components/form-field.tsx';

type SharedField = keyof ItemUpdateInput;

interface ItemFieldsProps {
  /** The form's `register`, narrowed to the shared fields. */
  field: (name: SharedField) => UseFormRegisterReturn;
  errors: Partial<Record<SharedField, { message?: string }>>;
  labels: { name: string; image: string };
  /** The image field's value as typed, for its preview. */
  image: string;
  /** Add items puts its category choice among the fields. */
  children?: React.ReactNode;
}

export const IMAGE_NOT_LOADED = 'This image could not be loaded';

/**
 * The picture the image field names, as the menu will show it: only an address the rule accepts is
 * fetched (not every half-typed one); one that does not load shows the menu's fallback picture and
 * says so, so the owner notices before saving.
 */
function ImagePreview({ address }: { address: string }) {
  const trimmed = address.trim();
  const { failed, props } = useImageFallback(
    isItemImageAddress(trimmed) ? trimmed : DISH_FALLBACK,
    DISH_FALLBACK,
  );
  return (
    <div className="grid w-24 shrink-0 justify-items-center gap-1">
      <img
        {...props}
        alt="Preview"
        width={96}
        height={96}
        className="size-24 rounded-xl bg-cream object-cover ring-1 ring-neutral-200"
      />
      <p role="status" className="text-center text-sm font-semibold text-coral-ink">
        {failed ? IMAGE_NOT_LOADED : ''}
      </p>
    </div>
  );
}

/** The fields Add items and Update item share. */
export function ItemFields({ field, errors, labels, image, children }: ItemFieldsProps) {
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
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <FormField label={labels.image} error={errors.image?.message}>
            <input
              className="field"
              inputMode="url"
              placeholder="https://….jpg or /images/….png"
              {...field('image')}
            />
          </FormField>
        </div>
        <ImagePreview address={image} />
      </div>
      {children}
      <div className="sm:col-span-2">
        <FormField label="Description" error={errors.description?.message}>
          <textarea className="field min-h-32" {...field('description')} />
        </FormField>
      </div>
    </div>
  );
}
