import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type NewItem, type NewItemInput, NewItemSchema } from '../../../contract/admin.ts';
import { ITEM_CATEGORIES } from '../../../contract/menu.ts';
import { useAdminLogic } from '../../actors/admin.ts';
import { FormAlert, SubmitButton } from '../../components/controls.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ItemFields } from './item-fields.tsx';
import { OptionGroupsEditor } from './option-groups-editor.tsx';

const EMPTY: NewItemInput = {
  name: '',
  price: '',
  quantity: '',
  image: '',
  category: 'pizza',
  description: '',
  options: [],
};

export function AddItemsPage() {
  const { addItem } = useAdminLogic();
  const [state, send] = useMachine(addItem);
  const { submitted, error } = state.context;
  const {
    register,
    handleSubmit,
    reset,
    watch,
    control,
    formState: { errors },
  } = useForm<NewItemInput, unknown, NewItem>({
    resolver: valibotResolver(NewItemSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (submitted > 0) reset(EMPTY);
  }, [submitted, reset]);

  const saving = state.matches('submitting');
  return (
    <section aria-labelledby="add-title" className="grid gap-6">
      <h2 id="add-title" className="text-2xl font-bold">
        Add items
      </h2>
      <form
        noValidate
        aria-busy={saving}
        className="grid gap-6"
        onSubmit={handleSubmit((values) => send({ type: 'form.submit', values }))}
      >
        <ItemFields
          field={(name) => register(name)}
          errors={errors}
          labels={{ name: 'Name', image: 'Image' }}
          image={watch('image')}
        >
          <FormField label="Category" error={errors.category?.message}>
            <select className="field" {...register('category')}>
              {ITEM_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </FormField>
        </ItemFields>
        <Controller
          name="options"
          control={control}
          render={({ field }) => (
            <OptionGroupsEditor value={field.value ?? []} onChange={field.onChange} errors={errors.options} />
          )}
        />
        <FormAlert message={error} />
        <SubmitButton busy={saving} className="w-full sm:w-fit">
          Add item
        </SubmitButton>
      </form>
    </section>
  );
}
