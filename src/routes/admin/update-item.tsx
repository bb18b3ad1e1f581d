import { valibotResolver } from '@hookform/resolvers/valibot';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type ItemUpdate, type ItemUpdateInput, ItemUpdateSchema } from '../../../contract/admin.ts';
import type { MenuItem } from '../../../contract/menu.ts';
import { useAdminLogic } from '../../actors/admin.ts';
import { FormAlert, SubmitButton } from '../../components/controls.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { ItemFields } from './item-fields.tsx';
import { groupsForForm, OptionGroupsEditor } from './option-groups-editor.tsx';

const route = getRouteApi('/admin/manage-items/update-item/$id');

function UpdateForm({
  item,
  saving,
  error,
  onSave,
}: {
  item: MenuItem;
  saving: boolean;
  error: string | null;
  onSave: (changes: ItemUpdate) => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    control,
    formState: { errors },
  } = useForm<ItemUpdateInput, unknown, ItemUpdate>({
    resolver: valibotResolver(ItemUpdateSchema),
    defaultValues: {
      name: item.name,
      price: String(item.price),
      quantity: String(item.quantity),
      image: item.image,
      description: item.description,
      options: groupsForForm(item.options),
    },
  });
  return (
    <form noValidate aria-busy={saving} className="grid gap-6" onSubmit={handleSubmit(onSave)}>
      <ItemFields
        field={(name) => register(name)}
        errors={errors}
        labels={{ name: 'Item name', image: 'Image url' }}
        image={watch('image')}
      />
      <Controller
        name="options"
        control={control}
        render={({ field }) => (
          <OptionGroupsEditor value={field.value ?? []} onChange={field.onChange} errors={errors.options} />
        )}
      />
      <FormAlert message={error} />
      <SubmitButton busy={saving} className="w-full sm:w-fit">
        Update now
      </SubmitButton>
    </form>
  );
}

export function UpdateItemPage() {
  const { id } = route.useParams();
  const navigate = useNavigate();
  const { itemUpdate } = useAdminLogic();
  const [state, send] = useMachine(itemUpdate, { input: { id } });
  const back = () => navigate({ to: '/admin/manage-items' });

  const saved = state.matches('saved');
  useEffect(() => {
    if (saved) void navigate({ to: '/admin/manage-items' });
  }, [saved, navigate]);

  return (
    <section aria-labelledby="update-title" className="grid gap-6">
      <button type="button" className="btn-dark w-fit" onClick={back}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back
      </button>
      <h2 id="update-title" className="text-2xl font-bold">
        Update your item information
      </h2>
      {state.matches('loading') ? (
        <LoadingScreen />
      ) : state.matches('failed') || !state.context.item ? (
        <div role="alert" className="grid justify-items-center gap-3 text-center">
          <p className="font-semibold">{state.context.error}</p>
          <button type="button" className="btn-primary" onClick={() => send({ type: 'item.retry' })}>
            Try again
          </button>
        </div>
      ) : (
        <UpdateForm
          item={state.context.item}
          saving={state.matches('saving')}
          error={state.context.error}
          onSave={(changes) => send({ type: 'item.save', changes })}
        />
      )}
    </section>
  );
}
